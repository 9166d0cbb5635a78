#include "base/ziggurat.h"

namespace rl {

const Ziggurat& Ziggurat::instance() {
    static const Ziggurat tables;
    return tables;
}

// Table construction exactly as in Marsaglia & Tsang's zigset().
Ziggurat::Ziggurat() {
    const double m1 = 2147483648.0;
    const double m2 = 4294967296.0;
    double dn = kNormalR;
    double tn = dn;
    const double vn = 9.91256303526217e-3;
    double q = vn / std::exp(-0.5 * dn * dn);
    m_kn[0] = static_cast<std::uint32_t>((dn / q) * m1);
    m_kn[1] = 0;
    m_wn[0] = q / m1;
    m_wn[127] = dn / m1;
    m_fn[0] = 1.0;
    m_fn[127] = std::exp(-0.5 * dn * dn);
    for (int i = 126; i >= 1; --i) {
        dn = std::sqrt(-2.0 * std::log(vn / dn + std::exp(-0.5 * dn * dn)));
        m_kn[i + 1] = static_cast<std::uint32_t>((dn / tn) * m1);
        tn = dn;
        m_fn[i] = std::exp(-0.5 * dn * dn);
        m_wn[i] = dn / m1;
    }

    double de = kExpR;
    double te = de;
    const double ve = 3.949659822581572e-3;
    q = ve / std::exp(-de);
    m_ke[0] = static_cast<std::uint32_t>((de / q) * m2);
    m_ke[1] = 0;
    m_we[0] = q / m2;
    m_we[255] = de / m2;
    m_fe[0] = 1.0;
    m_fe[255] = std::exp(-de);
    for (int i = 254; i >= 1; --i) {
        de = -std::log(ve / de + std::exp(-de));
        m_ke[i + 1] = static_cast<std::uint32_t>((de / te) * m2);
        te = de;
        m_fe[i] = std::exp(-de);
        m_we[i] = de / m2;
    }
}

} // namespace rl
