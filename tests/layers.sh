#!/bin/sh
# tests/layers.sh: the arrows between layers run one way.  Each folder may
# include headers from the folders listed for it, and nothing else of the
# project; a file that includes a header from a layer above its own fails
# the check, named with the line.
top=${top_srcdir:-.}
cd "$top" || exit 1

allowed() {
	case $1 in
	engine) echo "engine" ;;
	screens) echo "screens engine" ;;
	cli) echo "cli engine" ;;
	src/base) echo "src/base" ;;
	src/store) echo "src/store src/base engine" ;;
	src/term) echo "src/term src/base screens" ;;
	src/net) echo "src/net src/base src/store" ;;
	src/people) echo "src/people src/base src/term" ;;
	src/table) echo "src/table src/people src/store src/base engine" ;;
	src/hall) echo "src/hall src/table src/people src/term src/store" \
	    "src/base src/net/conn.h src/net/transport.h screens engine" ;;
	src/ctl) echo "src/ctl src/hall/hall-sysop.h src/base screens/buf.h" ;;
	src) echo "src engine screens" ;;
	*) echo "" ;;
	esac
}

out=$(mktemp) || exit 1
checked=0
for f in $(find engine screens cli src -name '*.[ch]' | sort); do
	dir=${f%/*}
	ok=$(allowed "$dir")
	checked=$((checked + 1))
	grep -n '^#include "' "$f" | while IFS= read -r line; do
		hdr=$(echo "$line" | sed 's/^[0-9]*:#include "\([^"]*\)".*/\1/')
		case $hdr in
		*/*) ;;
		*) continue ;; # a build-generated header beside the file
		esac
		pass=0
		for a in $ok; do
			case $hdr in
			"$a"|"$a"/*) pass=1 ;;
			esac
		done
		if [ $pass -eq 0 ]; then
			echo "layers: $f:${line%%:*}: $dir may not include $hdr"
			echo x
		fi
	done
done > "$out"
bad=$(grep -c "^x$" "$out")
grep -v "^x$" "$out"
rm -f "$out"
if [ "$bad" -ne 0 ]; then
	echo "0 passed, $bad failed"
	exit 1
fi
echo "layers: $checked files include only from their own layer or below"
