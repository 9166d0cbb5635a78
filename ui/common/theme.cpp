#include "common/theme.h"

namespace rl {

namespace {

/// The window's colours of one theme: what palette() spreads over the roles.
struct WindowColours {
    QColor window, text, base, alternateBase, button, tooltip, placeholder, highlight,
        highlightedText, link, linkVisited, disabledText, light, midlight, mid, dark, shadow;
};

WindowColours windowColours(bool dark) {
    if (dark) {
        return {QColor(0x2b, 0x2d, 0x31), QColor(0xe6, 0xe6, 0xe6), QColor(0x1e, 0x20, 0x23),
                QColor(0x26, 0x28, 0x2c), QColor(0x38, 0x3b, 0x40), QColor(0x38, 0x3b, 0x40),
                QColor(0xa0, 0xa0, 0xa0), QColor(0x2f, 0x65, 0xb5), QColor(Qt::white),
                QColor(0x8c, 0xc4, 0xff), QColor(0xd0, 0xa8, 0xff), QColor(0xa8, 0xa8, 0xa8),
                QColor(0x4c, 0x4f, 0x55), QColor(0x42, 0x45, 0x4b), QColor(0x2a, 0x2c, 0x30),
                QColor(0x17, 0x18, 0x1a), QColor(0x0a, 0x0a, 0x0b)};
    }
    return {QColor(0xef, 0xef, 0xef), QColor(0x1a, 0x1a, 0x1a), QColor(Qt::white),
            QColor(0xf5, 0xf5, 0xf5), QColor(0xe4, 0xe4, 0xe4), QColor(0xff, 0xff, 0xdc),
            QColor(0x6b, 0x6b, 0x6b), QColor(0x1f, 0x5f, 0xa8), QColor(Qt::white),
            QColor(0x0b, 0x57, 0xa4), QColor(0x6b, 0x2c, 0x91), QColor(0x5e, 0x5e, 0x5e),
            QColor(Qt::white),        QColor(0xf2, 0xf2, 0xf2), QColor(0xb8, 0xb8, 0xb8),
            QColor(0x9a, 0x9a, 0x9a), QColor(0x5c, 0x5c, 0x5c)};
}

} // namespace

QColor Theme::category(int i) const {
    static const QColor light[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00),
                                   QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                   QColor(0x56, 0xb4, 0xe9), QColor(0xd5, 0x5e, 0x00)};
    static const QColor darkColours[] = {QColor(0x56, 0xb4, 0xe9), QColor(0xe6, 0x9f, 0x00),
                                         QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                         QColor(0xf0, 0xe4, 0x42), QColor(0xd5, 0x5e, 0x00)};
    const int k = ((i % 6) + 6) % 6;
    return dark ? darkColours[k] : light[k];
}

QPalette Theme::palette() const {
    const WindowColours c = windowColours(dark);
    QPalette p;
    for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        const bool off = g == QPalette::Disabled;
        const QColor text = off ? c.disabledText : c.text;
        p.setColor(g, QPalette::Window, c.window);
        p.setColor(g, QPalette::WindowText, text);
        p.setColor(g, QPalette::Base, off ? c.window : c.base);
        p.setColor(g, QPalette::AlternateBase, off ? c.window : c.alternateBase);
        p.setColor(g, QPalette::ToolTipBase, c.tooltip);
        p.setColor(g, QPalette::ToolTipText, c.text);
        p.setColor(g, QPalette::PlaceholderText, off ? c.disabledText : c.placeholder);
        p.setColor(g, QPalette::Text, text);
        p.setColor(g, QPalette::Button, c.button);
        p.setColor(g, QPalette::ButtonText, text);
        p.setColor(g, QPalette::BrightText, dark ? QColor(Qt::white) : QColor(Qt::black));
        p.setColor(g, QPalette::Light, c.light);
        p.setColor(g, QPalette::Midlight, c.midlight);
        p.setColor(g, QPalette::Mid, c.mid);
        p.setColor(g, QPalette::Dark, c.dark);
        p.setColor(g, QPalette::Shadow, c.shadow);
        p.setColor(g, QPalette::Highlight, off ? c.window : c.highlight);
        p.setColor(g, QPalette::HighlightedText, off ? c.disabledText : c.highlightedText);
        p.setColor(g, QPalette::Link, c.link);
        p.setColor(g, QPalette::LinkVisited, c.linkVisited);
    }
    return p;
}

QColor Theme::invalidBase() const {
    return mix(palette().color(QPalette::Active, QPalette::Base), error(), dark ? 0.3 : 0.2);
}

std::vector<Theme::TextPair> Theme::textPairs() const {
    const QPalette p = palette();
    std::vector<TextPair> pairs;
    const std::pair<const char*, QPalette::ColorGroup> groups[] = {
        {"active", QPalette::Active},
        {"inactive", QPalette::Inactive},
        {"disabled", QPalette::Disabled}};
    for (const auto& group : groups) {
        // Not a structured binding: clang before 16 cannot capture one in a lambda.
        const QPalette::ColorGroup g = group.second;
        const QString prefix = QString::fromLatin1(group.first) + QLatin1Char(' ');
        auto add = [&](const char* name, QPalette::ColorRole text, QPalette::ColorRole back) {
            pairs.push_back({prefix + QLatin1String(name), p.color(g, text), p.color(g, back)});
        };
        add("WindowText on Window", QPalette::WindowText, QPalette::Window);
        add("Text on Base", QPalette::Text, QPalette::Base);
        add("Text on AlternateBase", QPalette::Text, QPalette::AlternateBase);
        add("PlaceholderText on Base", QPalette::PlaceholderText, QPalette::Base);
        add("ButtonText on Button", QPalette::ButtonText, QPalette::Button);
        add("ToolTipText on ToolTipBase", QPalette::ToolTipText, QPalette::ToolTipBase);
        add("HighlightedText on Highlight", QPalette::HighlightedText, QPalette::Highlight);
        add("Link on Base", QPalette::Link, QPalette::Base);
        add("Link on Window", QPalette::Link, QPalette::Window);
        add("LinkVisited on Base", QPalette::LinkVisited, QPalette::Base);
        // Labels sit on the window, tool buttons and tabs too: their text is WindowText.
        add("WindowText on Button", QPalette::WindowText, QPalette::Button);
    }
    const QColor window = p.color(QPalette::Active, QPalette::Window);
    pairs.push_back({QStringLiteral("plot text"), foreground(), background()});
    pairs.push_back({QStringLiteral("plot text on idle band"), foreground(), idle()});
    pairs.push_back({QStringLiteral("muted text on plot"), muted(), background()});
    pairs.push_back({QStringLiteral("error on window"), error(), window});
    pairs.push_back({QStringLiteral("error on base"), error(), p.color(QPalette::Base)});
    pairs.push_back({QStringLiteral("text on an invalid field"),
                     p.color(QPalette::Active, QPalette::Text), invalidBase()});
    pairs.push_back({QStringLiteral("text on a filled node"), onTransfer(), transfer()});
    pairs.push_back({QStringLiteral("text on a node"), foreground(), nodeFill()});
    pairs.push_back({QStringLiteral("text on a reducing node"), foreground(), reducingFill()});
    pairs.push_back({QStringLiteral("text of a node that has sent"), muted(), background()});
    return pairs;
}

} // namespace rl
