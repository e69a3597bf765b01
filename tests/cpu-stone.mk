# tests/cpu-stone.mk: the stone family's CPU tests and bench.
