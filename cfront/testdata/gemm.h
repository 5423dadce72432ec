/* gemm.h: PolyBench-style header (written for tessera's tests). */
#ifndef GEMM_H
# define GEMM_H

# if !defined(MINI_DATASET) && !defined(LARGE_DATASET)
#  define SMALL_DATASET
# endif

# ifdef SMALL_DATASET
#  define NI 60
#  define NJ 70
#  define NK 80
# endif
# ifdef LARGE_DATASET
#  define NI 1000
#  define NJ 1100
#  define NK 1200
# endif

# define _PB_NI POLYBENCH_LOOP_BOUND(NI,ni)
# define _PB_NJ POLYBENCH_LOOP_BOUND(NJ,nj)
# define _PB_NK POLYBENCH_LOOP_BOUND(NK,nk)

# if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
#  define DATA_TYPE_IS_DOUBLE
# endif

# ifdef DATA_TYPE_IS_INT
#  define DATA_TYPE int
#  define DATA_PRINTF_MODIFIER "%d "
# endif
# ifdef DATA_TYPE_IS_FLOAT
#  define DATA_TYPE float
#  define DATA_PRINTF_MODIFIER "%0.2f "
#  define SCALAR_VAL(x) x##f
# endif
# ifdef DATA_TYPE_IS_DOUBLE
#  define DATA_TYPE double /* the default */
#  define DATA_PRINTF_MODIFIER "%0.2lf "
#  define SCALAR_VAL(x) x
# endif

#endif /* !GEMM_H */
