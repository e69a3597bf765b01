# tests/engine.mk: shared test plumbing.
