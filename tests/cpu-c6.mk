# tests/cpu-c6.mk: the c6 family's CPU tests and bench.
