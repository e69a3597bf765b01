#!/bin/sh
# The project stands on its own documents: the rules are docs/rules.md, the
# design docs/design.md, the engine's protocol docs/gamehall-engine.6 (and
# docs/gamehall-engine.md).  No source, test, build file or doc may send a
# reader to the documents the project was started from (RULES.md,
# DESIGN.md, PROTOCOL.md, their notes and seed pages) or to ../shared.
#
# Allowed: tests/shared/, the project's copy of the rule cases, which is
# left as it came; tests/setup/shared-agree.sh, which compares that copy
# with ../shared/testdata where that folder exists, and lines that point
# to it; GAMEHALL_SHARED in the build files (it names tests/shared).
src=${top_srcdir:-.}
cd "$src" || exit 1
self=tests/setup/own-docs.sh
agree=tests/setup/shared-agree.sh

# The project's own text files (generated ones such as Makefile.in,
# logs and objects of an in-tree build are not looked at).
files() {
	for f in README.md Makefile.am configure.ac; do
		[ -f "$f" ] && echo "$f"
	done
	find engine cli screens src tests docs etc \
	    -path tests/shared -prune -o -type f \( -name '*.[ch]' \
	    -o -name '*.mk' -o -name '*.sh' -o -name '*.md' -o -name '*.gtp' \
	    -o -name '*.py' -o -name '*.dict' -o -name '*.conf' \
	    -o -name '*.service.in' -o -name '*.[1-9]' \
	    -o -name 'valgrind-gamehalld' \) -print 2>/dev/null | sort
}

# Citations of the outside documents, whatever the path in front of them.
cites='(RULES|DESIGN|PROTOCOL)(\.md| §)|shared/(seeds|notes)|libssh-on-libevent|prior-art\.md|/work/shared'

out=$(mktemp) || exit 1
n=0
for f in $(files); do
	[ "$f" = "$self" ] && continue
	n=$((n + 1))
	grep -nE "$cites" "$f" | sed "s|^|$f:|" >> "$out"
	[ "$f" = "$agree" ] && continue
	grep -n '\.\./shared' "$f" | grep -v 'shared-agree\.sh' |
	    sed "s|^|$f:|" >> "$out"
done
if [ -s "$out" ]; then
	awk '!seen[$0]++ { print "own-docs: " $0 }' "$out"
	echo "FAIL: $(sort -u "$out" | wc -l) line(s) cite documents outside the" \
	    "project; cite docs/rules.md, docs/design.md or" \
	    "docs/gamehall-engine.6 instead"
	rm -f "$out"
	exit 1
fi
rm -f "$out"
if [ "$n" -eq 0 ]; then
	echo "FAIL: no files found under $src"
	exit 1
fi
echo "own-docs: $n files cite only the project's own documents"
