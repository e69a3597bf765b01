# engine/: the rules library (no I/O). Variant parts add their sources in
# engine/stone.mk and engine/yonin.mk.
noinst_LIBRARIES += engine/libengine.a
engine_libengine_a_SOURCES = engine/game.c engine/game.h
