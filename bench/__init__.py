"""Benchmarks: speed and memory figures, printed, never asserted in tests."""
