#include "platform/law.h"

#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"

#include <cmath>
#include <vector>

namespace rl {

namespace {
constexpr double kUniformMaxCv = 0.57735026918962576451; // 1 / sqrt(3)
}

std::string_view lawKindKey(LawKind kind) {
    switch (kind) {
    case LawKind::Constant:
        return "const";
    case LawKind::Exponential:
        return "exp";
    case LawKind::Gamma:
        return "gamma";
    case LawKind::Uniform:
        return "uniform";
    case LawKind::Bernoulli:
        return "bernoulli";
    }
    return "?";
}

void Law::validate(std::string_view role) const {
    const std::string who = std::string(role) + " " + toString();
    if (!std::isfinite(mean) || mean < 0.0) {
        throw InputError(who + ": the mean must be a finite number >= 0");
    }
    checkMagnitude(mean, who + ": the mean");
    if (!std::isfinite(cv) || cv < 0.0) {
        throw InputError(who + ": the coefficient of variation must be a finite number >= 0");
    }
    // A CV of 1e-301 would make a gamma shape of 1/CV^2 = inf (found by fuzzing); upper
    // bounds depend on the law (below).
    if (cv > 0.0 && cv < kMinMagnitude) {
        throw InputError(who + ": the CV = " + formatNumber(cv) + " is too small (0 or at least " +
                         formatNumber(kMinMagnitude) + ")");
    }
    if (kind == LawKind::Uniform && cv > kUniformMaxCv * (1.0 + 1e-12)) {
        throw InputError(who + ": a uniform law needs CV <= 1/sqrt(3) = 0.57735 (its lower end "
                               "would be negative)");
    }
    // Degenerate laws: beyond these CVs (almost) every draw is 0, and a study of them would
    // silently report makespan 0. Gamma of shape k = 1/CV^2 draws below the smallest double
    // with probability about exp(-708 k): 93 % of draws at CV 100, more beyond.
    if (kind == LawKind::Gamma && cv > kMaxGammaCv) {
        throw InputError(who + ": a gamma law needs CV <= " + formatNumber(kMaxGammaCv) +
                         " (beyond, most draws underflow to 0)");
    }
    // Bernoulli draws mean * (1 + CV^2) with probability 1 / (1 + CV^2), else 0.
    if (kind == LawKind::Bernoulli && mean > 0.0) {
        if (cv > kMaxBernoulliCv) {
            throw InputError(who +
                             ": a Bernoulli law needs CV <= " + formatNumber(kMaxBernoulliCv) +
                             " (beyond, a draw is non-zero with probability below 1e-12)");
        }
        checkMagnitude(mean * (1.0 + cv * cv), who + ": the non-zero value mean * (1 + CV^2)");
    }
}

double Law::effectiveCv() const {
    if (mean == 0.0) {
        return 0.0;
    }
    switch (kind) {
    case LawKind::Constant:
        return 0.0;
    case LawKind::Exponential:
        return 1.0;
    default:
        return cv;
    }
}

std::string Law::toString() const {
    std::string s(lawKindKey(kind));
    s += ':';
    s += formatNumber(mean);
    if (kind != LawKind::Constant && kind != LawKind::Exponential) {
        s += ':';
        s += formatNumber(cv);
    }
    return s;
}

Law parseLaw(std::string_view text, std::string_view role) {
    const std::string r(role);
    const std::vector<std::string> parts = splitString(text, ':');
    if (parts.empty() || parts[0].empty()) {
        throw InputError(r + " '" + std::string(text) +
                         "': expected gamma:MEAN:CV, exp:MEAN, const:VALUE, uniform:MEAN:CV or "
                         "bernoulli:MEAN:CV");
    }
    const std::string& key = parts[0];
    auto number = [&](std::size_t i, const char* what) {
        return parseNumber(parts[i], r + " '" + std::string(text) + "': " + what);
    };
    Law law;
    if (key == "const" || key == "constant") {
        if (parts.size() != 2) {
            throw InputError(r + " '" + std::string(text) + "': expected const:VALUE");
        }
        law = Law::constant(number(1, "value"));
    } else if (key == "exp" || key == "exponential") {
        if (parts.size() != 2) {
            throw InputError(r + " '" + std::string(text) + "': expected exp:MEAN");
        }
        law = Law::exponential(number(1, "mean"));
    } else if (key == "gamma" || key == "uniform" || key == "bernoulli") {
        if (parts.size() != 3) {
            throw InputError(r + " '" + std::string(text) + "': expected " + key + ":MEAN:CV");
        }
        const double mean = number(1, "mean");
        const double cv = number(2, "CV");
        law = key == "gamma"
                  ? Law::gamma(mean, cv)
                  : (key == "uniform" ? Law::uniform(mean, cv) : Law::bernoulli(mean, cv));
    } else {
        throw InputError(r + " '" + std::string(text) + "': unknown law '" + key +
                         "' (known: gamma, exp, const, uniform, bernoulli)");
    }
    law.validate(role);
    return law;
}

LawSampler::LawSampler(const Law& law) {
    law.validate();
    const double cv = law.effectiveCv();
    if (law.mean == 0.0 || cv == 0.0) {
        m_mode = Mode::Constant;
        m_a = law.mean;
        return;
    }
    switch (law.kind) {
    case LawKind::Constant:
        m_mode = Mode::Constant;
        m_a = law.mean;
        break;
    case LawKind::Exponential:
        m_mode = Mode::Exponential;
        m_a = law.mean;
        break;
    case LawKind::Gamma: {
        if (cv == 1.0) {
            // Shape 1 is the exponential law: the ziggurat draws it several times faster than
            // Marsaglia-Tsang (numpy's gamma takes the same shortcut).
            m_mode = Mode::Exponential;
            m_a = law.mean;
            break;
        }
        const double shape = 1.0 / (cv * cv);
        m_scale = law.mean * cv * cv;
        m_mode = shape >= 1.0 ? Mode::GammaLarge : Mode::GammaSmall;
        const double a = shape >= 1.0 ? shape : shape + 1.0;
        m_d = a - 1.0 / 3.0;
        m_c = 1.0 / std::sqrt(9.0 * m_d);
        m_invShape = 1.0 / shape;
        break;
    }
    case LawKind::Uniform: {
        const double half = std::sqrt(3.0) * cv * law.mean;
        m_mode = Mode::Uniform;
        m_a = std::max(0.0, law.mean - half);
        m_b = 2.0 * half;
        break;
    }
    case LawKind::Bernoulli: {
        const double p = 1.0 / (1.0 + cv * cv);
        m_mode = Mode::Bernoulli;
        m_a = law.mean / p;
        m_b = p;
        break;
    }
    }
}

} // namespace rl
