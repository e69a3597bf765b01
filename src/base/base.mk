# src/base/base.mk: what every layer of the daemon stands on - settings,
# logging, the clock, hash functions, token buckets, the worker pool.
src_libdaemon_a_SOURCES += \
	src/base/config.c src/base/config.h \
	src/base/log.c src/base/log.h \
	src/base/clock.c src/base/clock.h \
	src/base/hash.h \
	src/base/ratelimit.c src/base/ratelimit.h \
	src/base/worker.c src/base/worker.h \
	src/base/waker.c src/base/waker.h \
	src/base/loopthread.c src/base/loopthread.h
src_libdaemon_a_SOURCES += \
	src/base/notify.c src/base/notify.h \
	src/base/privilege.c src/base/privilege.h
