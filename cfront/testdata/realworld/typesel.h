/* A header in the style of a benchmark suite: sizes by dataset, element
   type chosen by TYPE_IS_* switches; written for tessera's tests. */
#ifndef TYPESEL_H
# define TYPESEL_H
# if !defined(TINY) && !defined(BIG)
#  define TINY
# endif
# if !defined(LEN)
#  ifdef TINY
#   define LEN 10
#  endif
#  ifdef BIG
#   define LEN 4000
#  endif
# endif
# define _LEN_P BOUND_SELECT(LEN, len)

# if !defined(TYPE_IS_INT) && !defined(TYPE_IS_FLOAT) && !defined(TYPE_IS_DOUBLE)
#  define TYPE_IS_DOUBLE
# endif
#ifdef TYPE_IS_INT
#  define ELEM int
#endif
#ifdef TYPE_IS_FLOAT
#  define ELEM float
#  define LIT(x) x##f
# endif
#ifdef TYPE_IS_DOUBLE
#  define ELEM double
#  define LIT(x) x
# endif
#endif
