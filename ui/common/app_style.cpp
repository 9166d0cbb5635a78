#include "common/app_style.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QStyleFactory>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace rl {

namespace {

constexpr const char* kErrorProperty = "rlError";
constexpr const char* kInvalidProperty = "rlInvalid";

Theme& currentTheme() {
    static Theme theme;
    return theme;
}

// Sizes, not strokes: frame widths and overlaps stay one pixel, or borders would grow heavy.
bool isScaled(QStyle::PixelMetric m) {
    switch (m) {
    case QStyle::PM_ButtonMargin:
    case QStyle::PM_MenuButtonIndicator:
    case QStyle::PM_IndicatorWidth:
    case QStyle::PM_IndicatorHeight:
    case QStyle::PM_ExclusiveIndicatorWidth:
    case QStyle::PM_ExclusiveIndicatorHeight:
    case QStyle::PM_CheckBoxLabelSpacing:
    case QStyle::PM_RadioButtonLabelSpacing:
    case QStyle::PM_ScrollBarExtent:
    case QStyle::PM_ScrollBarSliderMin:
    case QStyle::PM_SliderThickness:
    case QStyle::PM_SliderControlThickness:
    case QStyle::PM_SliderLength:
    case QStyle::PM_SplitterWidth:
    case QStyle::PM_DockWidgetSeparatorExtent:
    case QStyle::PM_DockWidgetTitleMargin:
    case QStyle::PM_DockWidgetTitleBarButtonMargin:
    case QStyle::PM_DockWidgetHandleExtent:
    case QStyle::PM_TabBarTabHSpace:
    case QStyle::PM_TabBarTabVSpace:
    case QStyle::PM_TabBarScrollButtonWidth:
    case QStyle::PM_TabBarIconSize:
    case QStyle::PM_TabCloseIndicatorWidth:
    case QStyle::PM_TabCloseIndicatorHeight:
    case QStyle::PM_HeaderMargin:
    case QStyle::PM_HeaderMarkSize:
    case QStyle::PM_HeaderGripMargin:
    case QStyle::PM_HeaderDefaultSectionSizeHorizontal:
    case QStyle::PM_HeaderDefaultSectionSizeVertical:
    case QStyle::PM_MenuHMargin:
    case QStyle::PM_MenuVMargin:
    case QStyle::PM_MenuBarItemSpacing:
    case QStyle::PM_MenuBarHMargin:
    case QStyle::PM_MenuBarVMargin:
    case QStyle::PM_MenuScrollerHeight:
    case QStyle::PM_ToolBarItemSpacing:
    case QStyle::PM_ToolBarItemMargin:
    case QStyle::PM_ToolBarSeparatorExtent:
    case QStyle::PM_ToolBarExtensionExtent:
    case QStyle::PM_ToolBarHandleExtent:
    case QStyle::PM_ToolBarIconSize:
    case QStyle::PM_SmallIconSize:
    case QStyle::PM_LargeIconSize:
    case QStyle::PM_IconViewIconSize:
    case QStyle::PM_ListViewIconSize:
    case QStyle::PM_ButtonIconSize:
    case QStyle::PM_MessageBoxIconSize:
    case QStyle::PM_LayoutLeftMargin:
    case QStyle::PM_LayoutTopMargin:
    case QStyle::PM_LayoutRightMargin:
    case QStyle::PM_LayoutBottomMargin:
    case QStyle::PM_LayoutHorizontalSpacing:
    case QStyle::PM_LayoutVerticalSpacing:
    case QStyle::PM_ToolTipLabelFrameWidth:
    case QStyle::PM_TreeViewIndentation:
    case QStyle::PM_TitleBarHeight:
    case QStyle::PM_SizeGripSize:
        return true;
    default:
        return false;
    }
}

void colourMessage(QLabel* label, const Theme& theme) {
    QPalette p = label->palette();
    if (label->property(kErrorProperty).toBool()) {
        p.setColor(QPalette::WindowText, theme.error());
    } else {
        p.setColor(QPalette::WindowText, QApplication::palette().color(QPalette::WindowText));
    }
    label->setPalette(p);
}

void tintInvalid(QWidget* field, const Theme& theme) {
    QPalette p = QApplication::palette(field);
    for (const QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(g, QPalette::Base, theme.invalidBase());
        p.setColor(g, QPalette::Button, theme.invalidBase());
    }
    field->setPalette(p);
}

bool takesWheelOnlyWithFocus(const QWidget* widget) {
    return qobject_cast<const QComboBox*>(widget) != nullptr ||
           qobject_cast<const QAbstractSpinBox*>(widget) != nullptr;
}

// The platform gives some widgets fonts of their own (dock titles, menus, headers...): they
// are scaled with the rest.
const char* const kClassFonts[] = {
    "QDockWidgetTitle", "QMenu",      "QMenuBar",          "QMenuItem",      "QMessageBox",
    "QTipLabel",        "QStatusBar", "QHeaderView",       "QTabBar",        "QToolButton",
    "QPushButton",      "QLabel",     "QAbstractItemView", "QComboMenuItem", "QGroupBox",
    "QSmallFont",       "QMiniFont",  "QTitleBar",         "QToolBar"};

void scaleFonts(double scale) {
    static const std::vector<std::pair<const char*, QFont>> base = [] {
        std::vector<std::pair<const char*, QFont>> fonts;
        for (const char* name : kClassFonts) {
            if (QApplication::font(name) != baseApplicationFont()) {
                fonts.emplace_back(name, QApplication::font(name));
            }
        }
        return fonts;
    }();
    QFont font = baseApplicationFont();
    font.setPointSizeF(font.pointSizeF() * scale);
    QApplication::setFont(font); // this clears the fonts of the classes: set them again
    QToolTip::setFont(font);
    for (const auto& [name, f] : base) {
        QFont scaled = f;
        scaled.setPointSizeF(f.pointSizeF() * scale);
        QApplication::setFont(scaled, name);
    }
}

class WidthFitter : public QObject {
  public:
    WidthFitter(QWidget* widget, int floor) : QObject(widget), m_widget(widget), m_floor(floor) {
        widget->installEventFilter(this);
        fit();
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_widget &&
            (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)) {
            // After the children: they take the new font once this event is handled.
            QTimer::singleShot(0, this, [this] { fit(); });
        }
        return false;
    }

  private:
    void fit() { m_widget->setMinimumWidth(std::max(m_floor, m_widget->sizeHint().width())); }
    QWidget* m_widget;
    int m_floor;
};

} // namespace

ScaledStyle::ScaledStyle(double scale)
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))), m_scale(scale) {}

int ScaledStyle::pixelMetric(PixelMetric metric, const QStyleOption* option,
                             const QWidget* widget) const {
    const int value = QProxyStyle::pixelMetric(metric, option, widget);
    return isScaled(metric) ? static_cast<int>(std::lround(value * m_scale)) : value;
}

void ScaledStyle::polish(QWidget* widget) {
    QProxyStyle::polish(widget);
    if (takesWheelOnlyWithFocus(widget)) {
        if (widget->focusPolicy() == Qt::WheelFocus) {
            widget->setFocusPolicy(Qt::StrongFocus); // the wheel alone never gives the focus
        }
        widget->installEventFilter(this);
    }
}

void ScaledStyle::unpolish(QWidget* widget) {
    if (takesWheelOnlyWithFocus(widget)) {
        widget->removeEventFilter(this);
    }
    QProxyStyle::unpolish(widget);
}

bool ScaledStyle::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Wheel) {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (widget != nullptr && !widget->hasFocus() && takesWheelOnlyWithFocus(widget)) {
            // The wheel goes to the scroll area around the widget (the settings panel), as if
            // the widget were not there.
            QWidget* area = widget->parentWidget();
            while (area != nullptr && qobject_cast<QAbstractScrollArea*>(area) == nullptr) {
                area = area->parentWidget();
            }
            if (area != nullptr) {
                QWidget* viewport = static_cast<QAbstractScrollArea*>(area)->viewport();
                const auto* wheel = static_cast<QWheelEvent*>(event);
                const QPointF at = widget->mapTo(viewport, wheel->position());
                QWheelEvent forwarded(at, wheel->globalPosition(), wheel->pixelDelta(),
                                      wheel->angleDelta(), wheel->buttons(), wheel->modifiers(),
                                      wheel->phase(), wheel->inverted(), wheel->source());
                QCoreApplication::sendEvent(viewport, &forwarded);
            }
            return true;
        }
    }
    return QProxyStyle::eventFilter(watched, event);
}

QFont baseApplicationFont() {
    static const QFont base = QApplication::font();
    return base;
}

const Theme& applicationTheme() {
    return currentTheme();
}

void applyApplicationTheme(const Theme& theme) {
    baseApplicationFont(); // captured before the first change
    currentTheme() = theme;
    const auto* style = qobject_cast<const ScaledStyle*>(QApplication::style());
    if (!style || style->scale() != theme.scale()) {
        QApplication::setStyle(new ScaledStyle(theme.scale())); // the application owns it
    }
    QApplication::setPalette(theme.palette());
    QToolTip::setPalette(theme.palette());
    scaleFonts(theme.scale());
    // Before QApplication::exec() Qt does not pass a new application font or palette on to
    // existing widgets: every window resolves them again, and its children follow.
    for (QWidget* w : QApplication::topLevelWidgets()) {
        w->setFont(QFont());
        w->setPalette(QPalette());
    }
    for (QWidget* w : QApplication::allWidgets()) {
        if (auto* label = qobject_cast<QLabel*>(w);
            label && label->property(kErrorProperty).isValid()) {
            colourMessage(label, theme);
        }
        if (w->property(kInvalidProperty).toBool()) {
            tintInvalid(w, theme);
        }
    }
}

void fitWidthToContents(QWidget* widget, int floor) {
    new WidthFitter(widget, floor); // owned by the widget
}

void markInvalid(QWidget* field, bool invalid) {
    field->setProperty(kInvalidProperty, invalid);
    if (invalid) {
        tintInvalid(field, currentTheme());
    } else {
        field->setPalette(QPalette()); // the window's again
    }
}

void setMessage(QLabel* label, const QString& text, bool error) {
    label->setProperty(kErrorProperty, error);
    colourMessage(label, currentTheme());
    label->setText(text);
}

} // namespace rl
