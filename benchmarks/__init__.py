"""Benchmarks run from the command line: ``python -m benchmarks NAME ...``."""
