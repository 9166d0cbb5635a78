#pragma once

#include "base/ziggurat.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

namespace rl {

class Rng;

/// The cost distributions of docs/model.md §2, each set by its mean and coefficient of variation.
enum class LawKind { Constant, Exponential, Gamma, Uniform, Bernoulli };

/// Largest CV of a gamma law: beyond, most draws underflow to 0 (shape 1/CV^2 < 1e-4).
inline constexpr double kMaxGammaCv = 100.0;
/// Largest CV of a Bernoulli law: beyond, a draw is non-zero with probability below 1e-12.
inline constexpr double kMaxBernoulliCv = 1e6;

/// A cost law. Plain value; validate() before sampling.
struct Law {
    LawKind kind = LawKind::Constant;
    double mean = 0.0;
    double cv = 0.0; ///< sigma / mean; ignored by Constant and Exponential.

    static Law constant(double value) { return {LawKind::Constant, value, 0.0}; }
    static Law exponential(double mean) { return {LawKind::Exponential, mean, 1.0}; }
    static Law gamma(double mean, double cv) { return {LawKind::Gamma, mean, cv}; }
    static Law uniform(double mean, double cv) { return {LawKind::Uniform, mean, cv}; }
    static Law bernoulli(double mean, double cv) { return {LawKind::Bernoulli, mean, cv}; }

    /// Throws InputError, naming `role` (e.g. "transfer law"), if a parameter is invalid.
    void validate(std::string_view role = "law") const;
    /// The effective coefficient of variation (0 for constants and mean 0, 1 for exponential).
    double effectiveCv() const;
    double stddev() const { return mean * effectiveCv(); }
    /// The CLI spelling, e.g. "gamma:1:0.5"; parseLaw(toString()) round-trips.
    std::string toString() const;

    friend bool operator==(const Law&, const Law&) = default;
};

/// Parses `gamma:MEAN:CV`, `exp:MEAN`, `const:VALUE`, `uniform:MEAN:CV`, `bernoulli:MEAN:CV`.
/// Throws InputError with a message naming the problem.
Law parseLaw(std::string_view text, std::string_view role = "law");

std::string_view lawKindKey(LawKind kind);

/// std::exp, as the draws call it: fill()'s default exp.
struct StdExp {
    double operator()(double x) const { return std::exp(x); }
};

/// Draws from a validated law. Immutable after construction; the random state lives in the
/// engine passed to operator(), so one sampler may serve many threads.
class LawSampler {
  public:
    LawSampler() = default;
    explicit LawSampler(const Law& law);

    bool isConstant() const { return m_mode == Mode::Constant; }
    double constantValue() const { return m_a; }

    template <class Rng> double operator()(Rng& rng) const {
        // Constants (notably the paper's zero reduction cost) and the exponential ziggurat's
        // fast path stay inline in the engine; the rest is one call away.
        if (m_mode == Mode::Constant) {
            return m_a;
        }
        if (m_mode == Mode::Exponential) {
            return m_a * m_zig->exponential(rng);
        }
        return draw(rng);
    }

    /// Draws `count` values into `out`: the same values, in the same order, as `count` calls
    /// of operator(). The law's branch is taken once per batch instead of once per draw and
    /// the sampler is inlined into the loop, which is what Monte Carlo kernels want (every run
    /// of a reduction on n processors draws exactly n - 1 costs from each stream). `exp` is
    /// the exponential of the gamma draws of shape below 1 (drawsExp()): a function with
    /// std::exp's bits may stand in (fastpath/fast_draws.h instantiates this fill with an
    /// inline copy of glibc's, in a function compiled for AVX2 and FMA).
    template <class Rng, class Exp = StdExp>
    void fill(Rng& rng, double* out, std::size_t count, const Exp& exp = Exp()) const {
        const Ziggurat& zig = *m_zig;
        switch (m_mode) {
        case Mode::Constant:
            std::fill(out, out + count, m_a);
            return;
        case Mode::Exponential:
            for (std::size_t i = 0; i < count; ++i) {
                out[i] = m_a * zig.exponential(rng);
            }
            return;
        case Mode::GammaLarge:
            for (std::size_t i = 0; i < count; ++i) {
                out[i] = m_scale * marsagliaTsangInline(rng);
            }
            return;
        case Mode::GammaSmall:
            for (std::size_t i = 0; i < count; ++i) {
                out[i] = gammaSmall(rng, exp);
            }
            return;
        case Mode::Uniform:
            for (std::size_t i = 0; i < count; ++i) {
                out[i] = m_a + m_b * rng.uniform01();
            }
            return;
        case Mode::Bernoulli:
            for (std::size_t i = 0; i < count; ++i) {
                out[i] = rng.uniform01() < m_b ? m_a : 0.0;
            }
            return;
        }
    }

    /// Whether fill() calls exp (gamma laws of shape below 1: one exp per draw), where a
    /// faster exp with the same bits pays.
    bool drawsExp() const { return m_mode == Mode::GammaSmall; }

  private:
    template <class Rng, class Exp>
    [[gnu::always_inline]] double gammaSmall(Rng& rng, const Exp& exp) const {
        // Shape a < 1: G(a + 1) * U^(1/a) (Marsaglia & Tsang 2000, §6), with U^(1/a) drawn
        // as exp(-E/a), E = -log U a standard exponential taken from the ziggurat: the
        // same law, but one exp instead of pow (which costs about as much as the rest of
        // the draw). For tiny shapes exp(-E/a) underflows to 0 exactly where U^(1/a) did.
        const double g = marsagliaTsangInline(rng);
        return m_scale * g * exp(-m_invShape * m_zig->exponential(rng));
    }

    template <class Rng> [[gnu::noinline]] double draw(Rng& rng) const {
        switch (m_mode) {
        case Mode::Constant:
            return m_a;
        case Mode::Exponential:
            return m_a * m_zig->exponential(rng);
        case Mode::GammaLarge:
            return m_scale * marsagliaTsang(rng);
        case Mode::GammaSmall:
            return gammaSmall(rng, StdExp{});
        case Mode::Uniform:
            return m_a + m_b * rng.uniform01();
        case Mode::Bernoulli:
            return rng.uniform01() < m_b ? m_a : 0.0;
        }
        return 0.0;
    }

    enum class Mode { Constant, Exponential, GammaLarge, GammaSmall, Uniform, Bernoulli };

    // Marsaglia & Tsang (2000) for shape >= 1 (here shape = m_d + 1/3), unit scale.
    template <class Rng> [[gnu::noinline]] double marsagliaTsang(Rng& rng) const {
        return marsagliaTsangInline(rng);
    }
    template <class Rng> [[gnu::always_inline]] double marsagliaTsangInline(Rng& rng) const {
        const Ziggurat& zig = *m_zig;
        for (;;) {
            double x = 0.0;
            double v = 0.0;
            do {
                x = zig.normal(rng);
                v = 1.0 + m_c * x;
            } while (v <= 0.0);
            v = v * v * v;
            const double u = rng.uniform01();
            const double x2 = x * x;
            if (u < 1.0 - 0.0331 * x2 * x2) {
                return m_d * v;
            }
            if (std::log(u) < 0.5 * x2 + m_d * (1.0 - v + std::log(v))) {
                return m_d * v;
            }
        }
    }

    const Ziggurat* m_zig = &Ziggurat::instance(); // cached: no static-guard check per draw
    Mode m_mode = Mode::Constant;
    double m_a = 0.0;     // constant value / exp mean / uniform low / bernoulli high value
    double m_b = 0.0;     // uniform width / bernoulli probability
    double m_d = 0.0;     // Marsaglia-Tsang d
    double m_c = 0.0;     // Marsaglia-Tsang c
    double m_scale = 0.0; // gamma scale
    double m_invShape = 0.0;
};

} // namespace rl
