#pragma once

#include "schedule/schedule.h"

#include <string>

namespace rl {

/// A colour for a Paje reader: red, green and blue in [0, 1].
struct PajeColor {
    double red = 0.0;
    double green = 0.0;
    double blue = 0.0;
};

/// The colour of each state of a processor in a Paje trace.
struct PajeColors {
    PajeColor idle;
    PajeColor receive;
    PajeColor reduce;
    PajeColor send;
};

/// The schedule as a Paje trace (https://github.com/schnorr/pajeng/wiki/paje-file-format), for
/// ViTE or PajeNG: a root container named after the algorithm holding one container per
/// processor ("P0", ...), each with an "Activity" state that is "Idle" underneath and has
/// "Receive", "Reduce" and "Send" pushed on top while they run, and one "Transfer" link per
/// transfer from the sender to the receiver, valued with the data it carries ("[2,3]") and keyed
/// "k<index>".
///
/// A processor may receive while it reduces (Fibonacci-stat), and these two need not nest;
/// the stack is kept well nested by popping down to the state that ends and pushing the
/// others back at once. Events are sorted by time (at equal times: ends, then operations of
/// zero duration, then starts); times are the shortest decimals that read back to the same
/// doubles; colours appear on the entity values only; the file has no comment lines.
///
/// The colours are the caller's: pajeColors() gives the Gantt chart's.
std::string pajeTrace(const Schedule& s, const PajeColors& colors);

/// The colours of the Gantt chart's states in the light or the dark style (base/theme_colours.h,
/// which the GUI's chart and the web pages draw with), so that a trace opened in ViTE looks
/// like the chart it was exported from: idle the idle band, a reception its opaque bar, a
/// reduction and a send the reduction and transfer colours.
PajeColors pajeColors(bool dark);

} // namespace rl
