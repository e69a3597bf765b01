# src/base/base.mk: what every layer of the daemon stands on - settings,
# logging, the worker pool.
src_libdaemon_a_SOURCES += \
	src/base/config.c src/base/config.h \
	src/base/log.c src/base/log.h \
	src/base/worker.c src/base/worker.h
