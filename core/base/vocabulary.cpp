#include "base/vocabulary.h"

#include <stdexcept>
#include <string>

namespace rl {

namespace {

const GlossaryEntry kGlossary[] = {
    {"P3", "processor number 3. Processors are numbered from 0; P0 ends with the result."},
    {"value, [4,5]",
     "a partial result: the values of processors 4 to 5 already reduced into one. At the "
     "start P<i>i</i> holds [<i>i</i>,<i>i</i>]; at the end one processor holds [0,<i>n</i>−1]."},
    {"[4,5] [14,15]",
     "several intervals in one value: with a commutative operation any two values may be "
     "merged, so a value can hold intervals that are not adjacent."},
    {"transfer", "one processor sends its value to another; drawn as an arrow in the Gantt "
                 "chart and as an edge of the tree."},
    {"reception", "the time a value takes to arrive: the pale bar on the receiver's row."},
    {"reception 3", "the third value a processor receives in a static plan (Binomial-stat, "
                    "Fibonacci-stat): the plan fixes who sends to whom and in which order."},
    {"reduction", "merging a received value into one's own (e.g. adding two vectors): an "
                  "orange block in the Gantt chart."},
    {"slot", "Tree-dyn's waiting place: an idle processor that finds the slot empty enters it "
             "and waits; the next idle processor sends its value to the one in the slot."},
    {"round", "Binomial-stat's steps: in round <i>k</i>, processors 2<sup><i>k</i></sup> apart "
              "pair up."},
    {"sender order", "the order in which the clairvoyant baselines (EP, SNF, Optimum) let "
                     "processors send; they know every cost in advance."},
    {"idle", "a processor waiting, with its value, to send or receive: the grey band."},
    {"makespan", "the time at which the reduction is complete: the root holds every value. "
                 "Shorter is better."},
    {"critical path", "the chain of operations, each waiting for the previous one, that fixes "
                      "the makespan: shortening any other operation would not end the run "
                      "sooner."},
    {"lower bound", "a time no algorithm can beat on these costs (the dashed line)."},
    {"optimum", "the best makespan over every sender order, found by exhaustive search (small "
                "clusters only)."},
    {"cost law", "how the time of each operation is drawn: constant, uniform, gamma, "
                 "exponential or Bernoulli, each given by its mean and CV."},
    {"CV", "coefficient of variation: standard deviation divided by the mean. 0 means every "
           "operation takes the same time; 1 is as spread as an exponential law."},
    {"mu_d, mu_c, mu_c/mu_d", "the mean time of a transfer (d) and of a reduction (c), and "
                              "their ratio."},
    {"seed", "the number the random draws start from: the same seed gives the same costs."},
    {"replicate", "one run of a Monte Carlo experiment. Replicate <i>k</i> of a seed always "
                  "draws the same costs, so a figure's point can be opened in the explorer."},
    {"New draw", "another seed: new random costs with the same settings."},
    {"common random numbers", "every algorithm of a comparison runs on the same draws, so "
                              "their difference is not blurred by luck."},
    {"compare mode", "two to four algorithms side by side on the same draws, with one time "
                     "axis."},
    {"commutative / non-commutative",
     "whether the operation allows merging values in any order (a sum) or only adjacent "
     "intervals in order (a matrix product). Tree-dyn needs a commutative operation."},
    {"fixed matrix", "known transfer costs d[i][j] (from i to j) and reduction costs c[j]; "
                     "sender-only when d[i][j] depends on i alone, as in Liu and Wang's "
                     "clusters."},
    {"Monte Carlo", "many replicates of a random scenario, summarised by their mean, spread "
                    "and quantiles."},
    {"mean ± standard error", "the average over the replicates, and how far it may be from "
                              "the true average (about one standard error)."},
    {"sd", "standard deviation: how much single runs spread around the mean."},
    {"q10, q90, ribbon", "quantiles: 10% of the runs are faster than q10, 90% faster than "
                         "q90. The shaded ribbon spans them."},
    {"95% interval", "the range that holds the true ratio with 95% confidence; where it "
                     "contains 1 the two algorithms are not told apart (hatched cells)."},
    {"median replicate", "the replicate whose result is the median of the point: what a "
                         "click on a figure opens in the explorer."},
    {"margin, runner-up, tie", "on the best-method map: how much better the best algorithm is "
                               "than the second best; a tie is a margin within one standard "
                               "error (crosses)."},
    {"Markov chain", "Tree-dyn with exponential costs behaves as a Markov chain whose mean "
                     "and variance are known exactly [report §5]; the explorer and the Theory "
                     "tab compare runs with it."},
    {"z", "(simulated mean − exact mean) / standard error: within ±4 the two agree."},
    {"worst-case ratio, Theorem", "how many times slower than the optimum an algorithm can be "
                                  "on the worst platform; the theorems of the report prove "
                                  "the bounds [report §4, Table 1]."},
    {"steady state, throughput", "a long series of reductions, pipelined: the number of "
                                 "reductions completed per time unit (TP) [Legrand, Marchal, "
                                 "Robert]."},
    {"SSRP, SSSP", "the steady-state reduction and scatter problems, solved as linear "
                   "programs."},
    {"period", "the length of the repeating pattern of a periodic schedule."},
    {"T(1,1,2)@P1", "a task of a reduction series: on processor P1, merge the values of "
                    "processors 1..1 and 2..2 into [1,2]."},
    {"v[1,2], m3", "a message: the value [1,2] of a reduction, or the third message of a "
                   "scatter; #<i>i</i> numbers the instance within the period."},
    {"occupation", "the fraction of a period a link or a processor is busy."},
    {"pipelining gain", "how much faster a steady-state series runs than one reduction after "
                        "another with the explorer's algorithms."},
    {"divisible load, master, α", "a load split among workers: the master sends each worker "
                                  "its share α, the workers compute, and may return results "
                                  "[Vivien]."},
    {"one round, multi-round", "the load sent in one share per worker, or in several smaller "
                               "rounds that overlap communication and computation."},
};

// Indexed by Mark.
const MarkWords kMarks[] = {
    {"transfer", "a transfer: an arrow from the sender's row to the receiver's"},
    {"reception", "a reception: the pale bar on the receiver's row while the value arrives"},
    {"reduction", "a reduction: the receiver merges"},
    {"critical path", "vermillion: an operation on the critical path"},
    {"selected", "purple: the selected operation"},
    {"idle", "grey band: the processor is still in the reduction (it has not sent yet)"},
    {"time", "green line: the time of the animation"},
    {"bound", "dashed line: a lower bound, or the optimum's makespan"},
    {"in flight", "dashed edge: the value travels, or waits for the receiver to merge it"},
    {"merged", "solid edge: the receiver has merged the value"},
    {"critical path", "thick edge: on the critical path"},
    {"selected", "the selected transfer (click an edge)"},
    {"holds a value", "a processor holding a value, idle"},
    {"sending or receiving", "thick blue ring: receiving a value, or sending its own"},
    {"merging", "thick orange ring: merging a received value into its own"},
    {"sending", "thick blue ring: receiving a value, or sending its own"},
    {"has sent", "hollow and grey: has sent its value, it is done"},
    {"holds everything", "filled: the root, holding every value — the reduction is complete"},
};
static_assert(std::size(kMarks) == static_cast<std::size_t>(Mark::Complete) + 1);

} // namespace

std::span<const GlossaryEntry> glossary() {
    return kGlossary;
}

const GlossaryEntry& glossaryEntry(std::string_view term) {
    for (const GlossaryEntry& e : kGlossary) {
        if (e.term == term) {
            return e;
        }
    }
    throw std::logic_error("no glossary entry '" + std::string(term) + "'");
}

const MarkWords& markWords(Mark mark) {
    return kMarks[static_cast<std::size_t>(mark)];
}

} // namespace rl
