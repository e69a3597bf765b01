# screens/screens.mk: the terminal layer under the views - the cell grid (and
# its packed form, grid-pack.c), its diff-to-ANSI writer (tty.c; its ASCII
# fallback tty-acs.c, its scroll detection tty-scroll.c), colours, terminal
# capabilities, UTF-8 and widths.
# No libevent, no sockets.  Views (screens/views.mk) may append their sources to
# screens_libscreens_a_SOURCES with += or build their own library.
noinst_LIBRARIES += screens/libscreens.a
screens_libscreens_a_SOURCES = \
	screens/buf.c screens/buf.h \
	screens/utf8.c screens/utf8-width.c screens/utf8.h \
	screens/lang.c screens/lang.h \
	screens/grid.c screens/grid.h \
	screens/grid-pack.c screens/grid-pack.h \
	screens/tty-caps.c screens/tty-caps.h \
	screens/colour.c screens/colour.h \
	screens/tty.c screens/tty.h screens/tty-int.h \
	screens/tty-acs.c screens/tty-scroll.c
EXTRA_DIST += screens/utf8-width.py
