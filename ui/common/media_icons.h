#pragma once

#include <QColor>
#include <QIcon>

namespace rl {

/// The transport bar's pictures.
/// (Back and Forward: the explorer's scenario history, arrows with a shaft.)
enum class MediaIcon { ToStart, StepBack, Play, Pause, StepForward, ToEnd, Back, Forward };

/// `kind` drawn in `colour` (the theme's text colour: the style's own media icons are dark
/// and vanish on a dark window), sharp at every size a button may ask for.
QIcon mediaIcon(MediaIcon kind, const QColor& colour);

} // namespace rl
