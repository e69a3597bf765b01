# screens/views.mk: the hall's screens - pure views from a read-only view
# struct (screens/views.h) to a cell grid.  They go into the screens
# library beside the grid and the writer they draw with.
screens_libscreens_a_SOURCES += \
	screens/views.h \
	screens/view-text.c \
	screens/view-chrome.c \
	screens/view-welcome.c \
	screens/view-form.c \
	screens/view-lobby.c \
	screens/view-account.c \
	screens/view-profile.c \
	screens/view-top.c screens/view-top.h \
	screens/view-replay.c screens/view-replay.h \
	screens/view-settings.c \
	screens/view-help.c \
	screens/view-sysop.c screens/view-sysop.h \
	screens/rules.h screens/rules.c \
	screens/rules-stone.c screens/rules-yonin.c \
	screens/view-rules.h screens/view-rules.c \
	screens/lesson.h screens/lesson.c screens/lesson-gomoku.c \
	screens/drills-gomoku.c screens/lesson-connect6.c \
	screens/drills-connect6.c screens/lesson-yonin.c \
	screens/view-lesson.h screens/view-lesson.c
