# Doxygen input filter for include/gomoku.h (FILTER_PATTERNS in docs/Doxyfile).
# The header uses plain C comments so it reads well as text; this turns them into
# Doxygen comments on the fly, without changing the file: the opening comment becomes
# the file's description, a comment on its own line documents what follows, a comment
# after code documents that code, and the section banners are dropped (they would
# otherwise be read as the description of the next declaration). Lines are never added
# or removed, so line numbers stay right.
1s#^/\*$#/** @file#
s#^/\* -+ \*/$##
s#^/\* [^*]*[^ *]  +\*/$##
s#^([ \t]*)/\*([^*]|$)#\1/**\2#
s#([^ \t])([ \t]+)/\*([^*])#\1\2/**<\3#
