"""The test suite: a package, so that its modules are ``tests.name`` to pytest and mypy alike."""
