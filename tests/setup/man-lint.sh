#!/bin/sh
# Every man page through `mandoc -T lint` (bad .TH dates, unknown macros,
# broken lists, style): any message fails.  Skipped without mandoc.
src=${top_srcdir:-.}
mandoc=${MANDOC:-$(command -v mandoc)}
if [ -z "$mandoc" ] || [ ! -x "$mandoc" ]; then
	echo "SKIP: mandoc is not installed"
	exit 77
fi
status=0
for page in "$src"/docs/*.[1-9]; do
	out=$("$mandoc" -T lint "$page" 2>&1)
	if [ -n "$out" ]; then
		echo "$out"
		status=1
	else
		echo "ok $page"
	fi
done
exit $status
