#!/bin/sh
# The project's copy of the rule cases (tests/shared/testdata) against the
# rule book's, ../shared/testdata, where that sits beside the checkout:
# they must be the same files.  Without ../shared there is nothing to
# compare (skip, 77).
src=${top_srcdir:-.}
theirs=$src/../shared/testdata
ours=$src/tests/shared/testdata
if [ ! -d "$theirs" ]; then
	echo "SKIP: no $theirs to compare with"
	exit 77
fi
if diff -r "$theirs" "$ours"; then
	echo "tests/shared/testdata agrees with ../shared/testdata"
	exit 0
fi
echo "FAIL: tests/shared/testdata differs from $theirs (copy it over)"
exit 1
