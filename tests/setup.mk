# tests/setup.mk: the daemon as a sysop meets it - the command line (-t,
# -T), start-up (busy ports, root and `user`, notifications, SIGHUP), the
# man pages, the install layout and the unit, the project's copy of the
# rule cases, and that the tree cites only its own documents (own-docs.sh).
SETUP_TESTS = tests/setup/flags.sh tests/setup/man-lint.sh \
	tests/setup/install.sh tests/setup/shared-agree.sh \
	tests/setup/own-docs.sh
dist_check_SCRIPTS += $(SETUP_TESTS)
TESTS += $(SETUP_TESTS)

check_PROGRAMS += tests/setup/test-startup
TESTS += tests/setup/test-startup
tests_setup_test_startup_SOURCES = tests/setup/test-startup.c

# For tests/setup/install.sh: the directories make would install into.
print-install-dirs:
	@echo "bindir='$(bindir)' sbindir='$(sbindir)'" \
	    "sysconfdir='$(sysconfdir)' mandir='$(mandir)'" \
	    "docdir='$(docdir)' systemdsystemunitdir='$(systemdsystemunitdir)'" \
	    "gamehalllocaledir='$(gamehalllocaledir)' localedir='$(localedir)'"
.PHONY: print-install-dirs
