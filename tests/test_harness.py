"""What the test harness itself promises (``tests/conftest.py``)."""

from __future__ import annotations

import gc

import pytest


def test_what_collection_built_is_out_of_the_cycle_collectors_reach(
    request: pytest.FixtureRequest,
) -> None:
    walked = {id(thing) for thing in gc.get_objects()}
    assert id(request.node) not in walked, "each full collection walks every test item again"
    assert id(request.module) not in walked
