#!/usr/bin/env python3
# utf8-width.py - writes the range tables of screens/utf8-width.c from the
# Unicode data Python carries:  python3 screens/utf8-width.py > tables.inc
# and paste between the markers in utf8-width.c.
import unicodedata as u


def ranges(pred):
    out, start = [], None
    for cp in range(0x110000):
        ok = not (0xd800 <= cp <= 0xdfff) and pred(cp)
        if ok and start is None:
            start = cp
        if not ok and start is not None:
            out.append((start, cp - 1))
            start = None
    if start is not None:
        out.append((start, 0x10ffff))
    return out


def zero(cp):
    if cp == 0xad:		# soft hyphen: terminals draw it
        return False
    if u.category(chr(cp)) in ('Mn', 'Me', 'Cf'):
        return True
    return 0x1160 <= cp <= 0x11ff or cp == 0x200b


def wide(cp):
    if zero(cp):
        return False
    if u.east_asian_width(chr(cp)) in ('W', 'F'):
        return True
    return 0x20000 <= cp <= 0x2fffd or 0x30000 <= cp <= 0x3fffd


def table(name, rs):
    print('static const struct utf8_range %s[] = {' % name)
    for i in range(0, len(rs), 3):
        print('\t' + ' '.join('{ 0x%05x, 0x%05x },' % r for r in rs[i:i + 3]))
    print('};')


print('/* Unicode %s */' % u.unidata_version)
table('utf8_width_zero', ranges(zero))
print()
table('utf8_width_wide', ranges(wide))
