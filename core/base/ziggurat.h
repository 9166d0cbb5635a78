#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace rl {

/// Read-only tables of Marsaglia & Tsang's ziggurat method (J. Stat. Softw. 5(8), 2000): 128
/// layers for the standard normal, 256 for the standard exponential. Built once, immutable,
/// shared by all threads.
class Ziggurat {
  public:
    static const Ziggurat& instance();

    template <class Rng> double normal(Rng& rng) const {
        const auto hz = static_cast<std::int32_t>(rng.nextU32());
        const auto iz = static_cast<std::uint32_t>(hz) & 127U;
        if (absU(hz) < m_kn[iz]) {
            return hz * m_wn[iz];
        }
        return normalTail(rng, hz, iz);
    }

    template <class Rng> double exponential(Rng& rng) const {
        const std::uint32_t jz = rng.nextU32();
        const std::uint32_t iz = jz & 255U;
        if (jz < m_ke[iz]) {
            return jz * m_we[iz];
        }
        return exponentialTail(rng, jz, iz);
    }

  private:
    Ziggurat();
    static std::uint32_t absU(std::int32_t v) {
        return v < 0 ? 0U - static_cast<std::uint32_t>(v) : static_cast<std::uint32_t>(v);
    }

    template <class Rng>
    [[gnu::noinline]] double normalTail(Rng& rng, std::int32_t hz, std::uint32_t iz) const {
        for (;;) {
            const double x = hz * m_wn[iz];
            if (iz == 0) {
                double tx = 0.0;
                double ty = 0.0;
                do {
                    tx = -std::log(rng.uniform01()) / kNormalR;
                    ty = -std::log(rng.uniform01());
                } while (ty + ty < tx * tx);
                return hz > 0 ? kNormalR + tx : -kNormalR - tx;
            }
            if (m_fn[iz] + rng.uniform01() * (m_fn[iz - 1] - m_fn[iz]) < std::exp(-0.5 * x * x)) {
                return x;
            }
            hz = static_cast<std::int32_t>(rng.nextU32());
            iz = static_cast<std::uint32_t>(hz) & 127U;
            if (absU(hz) < m_kn[iz]) {
                return hz * m_wn[iz];
            }
        }
    }

    template <class Rng>
    [[gnu::noinline]] double exponentialTail(Rng& rng, std::uint32_t jz, std::uint32_t iz) const {
        for (;;) {
            if (iz == 0) {
                return kExpR - std::log(rng.uniform01());
            }
            const double x = jz * m_we[iz];
            if (m_fe[iz] + rng.uniform01() * (m_fe[iz - 1] - m_fe[iz]) < std::exp(-x)) {
                return x;
            }
            jz = rng.nextU32();
            iz = jz & 255U;
            if (jz < m_ke[iz]) {
                return jz * m_we[iz];
            }
        }
    }

    static constexpr double kNormalR = 3.442619855899;
    static constexpr double kExpR = 7.697117470131487;
    std::array<std::uint32_t, 128> m_kn{};
    std::array<double, 128> m_wn{};
    std::array<double, 128> m_fn{};
    std::array<std::uint32_t, 256> m_ke{};
    std::array<double, 256> m_we{};
    std::array<double, 256> m_fe{};
};

} // namespace rl
