#pragma once

#include "common/theme.h"

#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QTextBrowser;

namespace rl {

/// The Help pane (F1, Help menu): the keys, a glossary of every term the window shows, a legend
/// of what the tree's nodes and edges and the Gantt chart's bars and lines mean (drawn by the
/// views themselves, in the current theme), and About (version, licence, the papers behind the
/// model). Plain words first; the papers' section numbers only here and in tooltips.
class HelpPane : public QWidget {
    Q_OBJECT
  public:
    /// A key and what it does, e.g. {"F5", "Presentation mode"}.
    using Key = std::pair<QString, QString>;

    explicit HelpPane(QWidget* parent = nullptr);

    /// The keys the window's menus define (the pane lists them with the mouse gestures).
    void setKeys(std::vector<Key> keys);
    /// Redraws the legend's pictures in `theme`'s colours.
    void setTheme(const Theme& theme);
    /// Scrolls to a section: "keys", "glossary", "legend" or "about".
    void showSection(const QString& anchor);

    QTextBrowser* browser() const { return m_browser; }
    /// The pane's text as HTML (tests look for the glossary's terms).
    QString html() const;
    /// The glossary's terms, in the order shown.
    static QStringList glossaryTerms();

  private:
    void rebuild();

    QTextBrowser* m_browser;
    std::vector<Key> m_keys;
    Theme m_theme;
};

} // namespace rl
