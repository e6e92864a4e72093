"""Benchmarks run from the command line: ``python -m buscaminas.bench NAME ...``."""
