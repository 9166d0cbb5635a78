#pragma once

/// The attribute of functions compiled for AVX2 and FMA (fastpath/exp_fma.h and its callers),
/// chosen at run time (expFmaMatchesStd()); nothing on other processors, where the check is
/// false and these functions are never called.
#if defined(__x86_64__)
#define RL_FMA_TARGET gnu::target("avx2,fma"),
#else
#define RL_FMA_TARGET
#endif
