// fastpath/exp_fma.h: the inline exp must give std::exp's bits wherever the project uses it (gamma
// draws of shape below 1 through it give results identical to the previous versions'). Every
// comparison is of bits, never fuzzy.
#include "base/rng.h"
#include "fastpath/exp_fma.h"
#include "fastpath/fast_draws.h"
#include "platform/law.h"

#include "../../test_support.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using namespace rl;

namespace {

// expFma inlines only into a function compiled for AVX2 and FMA.
[[RL_FMA_TARGET gnu::noinline]] double callExpFma(double x) {
    return expFma(x);
}

// The first argument (in `xs`) where the two disagree, or NaN when none does.
double firstDifference(const std::vector<double>& xs) {
    for (double x : xs) {
        const double a = callExpFma(x);
        const double b = std::exp(x);
        const bool same = std::isnan(a)
                              ? std::isnan(b)
                              : std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
        if (!same) {
            return x;
        }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace

// Four million arguments: the whole range of the main path and beyond it, the arguments of
// the gamma draws (-E / a, E a standard exponential, a = 1/9 and 1/100), and the edges of
// each path (2^-54, 512, overflow and underflow, zeros, infinities, NaN).
TEST(ExpFma, EqualsStdExpToTheBit) {
    if (!expFmaMatchesStd()) {
        GTEST_SKIP()
            << "no AVX2 and FMA here, or a C library whose exp is not glibc's FMA variant: "
               "LawSampler then keeps std::exp";
    }
    std::mt19937_64 g(20261127);
    std::uniform_real_distribution<double> wide(-760.0, 720.0);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::exponential_distribution<double> e(1.0);
    std::vector<double> xs;
    for (int i = 0; i < 1000000; ++i) {
        xs.push_back(wide(g));
        xs.push_back(unit(g));
        xs.push_back(-9.0 * e(g));
        xs.push_back(-100.0 * e(g));
    }
    const double inf = std::numeric_limits<double>::infinity();
    for (double x : {0.0,
                     -0.0,
                     0x1p-54,
                     -0x1p-54,
                     0x1.fffffffffffffp-55,
                     0x1p-1074,
                     512.0,
                     -512.0,
                     0x1.fffffffffffffp8,
                     -0x1.fffffffffffffp8,
                     709.782712893384,
                     709.79,
                     -745.1332191019411,
                     -745.14,
                     -708.4,
                     1024.0,
                     -1100.0,
                     inf,
                     -inf,
                     std::numeric_limits<double>::quiet_NaN()}) {
        xs.push_back(x);
    }
    const double bad = firstDifference(xs);
    ASSERT_TRUE(std::isnan(bad)) << "expFma(" << std::hexfloat << bad << ") != std::exp";
}

// Monte Carlo's draws (fastDrawFill: the fill with expFma inline, for the gamma laws of
// shape below 1) are LawSampler::fill's (std::exp) to the bit, and leave the generator
// where it leaves it; the other laws keep LawSampler::fill.
TEST(ExpFma, FastFillEqualsFill) {
    for (const char* text : {"gamma:1:1.01", "gamma:1:3", "gamma:2:10", "gamma:1:100",
                             "gamma:1:0.5", "exp:1", "uniform:1:0.5", "const:0"}) {
        const LawSampler law(parseLaw(text));
        const DrawFill fill = fastDrawFill(law);
        ASSERT_EQ(fill != nullptr, law.drawsExp() && expFmaMatchesStd());
        if (fill == nullptr) {
            continue;
        }
        for (std::uint64_t replicate = 0; replicate < 200; ++replicate) {
            Rng a(7, replicate, Stream::Transfer);
            Rng b(7, replicate, Stream::Transfer);
            std::vector<double> fast(257);
            std::vector<double> plain(257);
            fill(law, a, fast.data(), fast.size());
            law.fill(b, plain.data(), plain.size());
            for (std::size_t i = 0; i < fast.size(); ++i) {
                ASSERT_TRUE(std::bit_cast<std::uint64_t>(fast[i]) ==
                            std::bit_cast<std::uint64_t>(plain[i]))
                    << text << ": draw " << i << " of replicate " << replicate;
            }
            ASSERT_EQ(a.nextU32(), b.nextU32());
        }
    }
}

// The check that turns the inline exp on: off without AVX2 and FMA, and on with them under
// glibc 2.28 or later (this exp's algorithm), so that a wrong expFma fails here instead of
// turning itself off (and the test above skipping).
TEST(ExpFma, OnWhereGlibcTakesItsFmaVariant) {
#if defined(__x86_64__)
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        ASSERT_TRUE(!expFmaMatchesStd());
        return;
    }
#if defined(__GLIBC__)
    if (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 28)) {
        ASSERT_TRUE(expFmaMatchesStd());
    }
#endif
#else
    ASSERT_TRUE(!expFmaMatchesStd()); // the inline exp is x86-64's
#endif
}
