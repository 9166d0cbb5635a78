#include "base/theme_colours.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rl {

namespace {

constexpr Rgb rgb(unsigned v) {
    return {static_cast<std::uint8_t>((v >> 16) & 0xff), static_cast<std::uint8_t>((v >> 8) & 0xff),
            static_cast<std::uint8_t>(v & 0xff)};
}

constexpr ViewColours kLight{
    rgb(0xffffff),
    rgb(0x202020),
    rgb(0x606060),
    rgb(0xdddddd),
    rgb(0x0072b2),
    rgb(0xe69f00),
    rgb(0xd55e00),
    rgb(0xcc79a7),
    rgb(0x009e73),
    rgb(0xf0f0f0),
    rgb(0xffffff),
    rgb(0xb02a1e),
    {rgb(0x0072b2), rgb(0xe69f00), rgb(0x009e73), rgb(0xcc79a7), rgb(0x56b4e9), rgb(0xd55e00)}};

// On dark, sky blue and yellow replace blue and sky blue (too little contrast there).
constexpr ViewColours kDark{
    rgb(0x1e2023),
    rgb(0xe8e8e8),
    rgb(0xa6a6a6),
    rgb(0x46494f),
    rgb(0x56b4e9),
    rgb(0xe69f00),
    rgb(0xd55e00),
    rgb(0xcc79a7),
    rgb(0x009e73),
    rgb(0x2e3136),
    rgb(0x101214),
    rgb(0xff8a80),
    {rgb(0x56b4e9), rgb(0xe69f00), rgb(0x009e73), rgb(0xcc79a7), rgb(0xf0e442), rgb(0xd55e00)}};

constexpr WindowColours kLightWindow{
    rgb(0xefefef), rgb(0x1a1a1a), rgb(0xffffff), rgb(0xf5f5f5), rgb(0xe4e4e4), rgb(0xffffdc),
    rgb(0x6b6b6b), rgb(0x1f5fa8), rgb(0xffffff), rgb(0x0b57a4), rgb(0x6b2c91), rgb(0x5e5e5e),
    rgb(0xffffff), rgb(0xf2f2f2), rgb(0xb8b8b8), rgb(0x9a9a9a), rgb(0x5c5c5c)};

constexpr WindowColours kDarkWindow{
    rgb(0x2b2d31), rgb(0xe6e6e6), rgb(0x1e2023), rgb(0x26282c), rgb(0x383b40), rgb(0x383b40),
    rgb(0xa0a0a0), rgb(0x2f65b5), rgb(0xffffff), rgb(0x8cc4ff), rgb(0xd0a8ff), rgb(0xa8a8a8),
    rgb(0x4c4f55), rgb(0x42454b), rgb(0x2a2c30), rgb(0x17181a), rgb(0x0a0a0b)};

constexpr std::array<Rgb, 5> kRatioStops{rgb(0x2166ac), rgb(0x67a9cf), rgb(0xf7f7f7), rgb(0xef8a62),
                                         rgb(0xb2182b)};

} // namespace

std::string Rgb::hex() const {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
    return buf;
}

Rgb mixRgb(Rgb a, Rgb b, double t) {
    auto channel = [t](std::uint8_t x, std::uint8_t y) {
        const double v = x * (1.0 - t) + y * t;
        return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
    };
    return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b)};
}

Rgb ColourRules::receptionBar(Rgb c, bool dark) {
    const Rgb tinted = dark ? mixRgb(c, Rgb{255, 255, 255}, kReceptionDarkTint) : c;
    const int alpha = dark ? kReceptionAlphaDark : kReceptionAlphaLight;
    return mixRgb(viewColours(dark).idle, tinted, alpha / 255.0);
}

const ViewColours& viewColours(bool dark) {
    return dark ? kDark : kLight;
}

const WindowColours& windowColours(bool dark) {
    return dark ? kDarkWindow : kLightWindow;
}

double ColourRules::bestMethodWeight(double relativeMargin) {
    // 0 at a margin of 0.1% or less, 1 at 10% or more: the eye sees where the choice matters;
    // never below 0.3, so that the category stays readable against the background.
    const double t = std::clamp(std::log10(std::max(relativeMargin, 1e-12) / 1e-3) / 2.0, 0.0, 1.0);
    return 0.3 + 0.7 * t;
}

const std::array<Rgb, 5>& ratioMapStops() {
    return kRatioStops;
}

Rgb ratioMapMissing() {
    return rgb(0xc8c8c8);
}

} // namespace rl
