#include "common/theme.h"

namespace rl {

QColor Theme::category(int i) const {
    const auto& all = colours().categories;
    const int size = static_cast<int>(all.size());
    return qt(all[static_cast<std::size_t>(((i % size) + size) % size)]);
}

QPalette Theme::palette() const {
    const WindowColours& w = windowColours(dark);
    struct {
        QColor window, text, base, alternateBase, button, tooltip, placeholder, highlight,
            highlightedText, link, linkVisited, disabledText, light, midlight, mid, dark, shadow;
    } const c{qt(w.window),          qt(w.text),     qt(w.base),        qt(w.alternateBase),
              qt(w.button),          qt(w.tooltip),  qt(w.placeholder), qt(w.highlight),
              qt(w.highlightedText), qt(w.link),     qt(w.linkVisited), qt(w.disabledText),
              qt(w.light),           qt(w.midlight), qt(w.mid),         qt(w.dark),
              qt(w.shadow)};
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
