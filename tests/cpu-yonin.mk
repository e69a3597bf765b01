# tests/cpu-yonin.mk: the yonin family's CPU tests and bench.
