#pragma once

#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rl {

/// Largest ratio between the largest and the smallest non-zero coefficient of a linear program
/// that is solved: doubles hold about 16 digits, and the simplex needs room to pivot.
inline constexpr double kMaxCoefficientRange = 1e12;

/// A program whose coefficients span more than kExactRefineRange, and has at most
/// kExactRefineLimit rows + columns, has its optimum re-solved in exact arithmetic from the
/// floating-point simplex's optimal basis (glp_exact). GLPK's simplex works to relative
/// tolerances (1e-7): on a 3-processor graph with costs from 1 to 1e10 its flow LP was off by
/// 4e-6 of the throughput, by 5e-7 with costs from 1 to 1e6, and the trees' master 9e-6 above
/// the optimum with costs from 1 to 1e5 (found by fuzzing). Well-scaled programs agree to
/// 1e-9 in floating point, and rational arithmetic on arbitrary doubles grows fast with the
/// size (a random 24-processor graph's master, 350 rows + columns: 9 s instead of 0.3 s), so
/// only small badly scaled programs are re-solved; larger ones keep GLPK's accuracy.
inline constexpr double kExactRefineRange = 1e3;
/// Rows + columns up to which that exact re-solve is affordable (milliseconds): a program
/// solved once (LinearProgram: the flow LPs of up to 5 processors) ...
inline constexpr int kExactRefineLimit = 500;
/// ... and a column generation's master (GrowingLinearProgram), re-solved exactly in its last
/// rounds (the masters of up to about 10 processors).
inline constexpr int kExactRefineMasterLimit = 200;

/// The smallest and largest magnitude among coefficients noted one by one (zeros ignored), and
/// the one rule on their range that every linear program is held to.
class CoefficientRange {
  public:
    void note(double coefficient);
    /// Largest over smallest (1 when nothing was noted).
    double span() const { return m_largest > 0.0 ? m_largest / m_smallest : 1.0; }
    /// Why a program with these coefficients is refused (they span more than
    /// kMaxCoefficientRange), or an empty string when they may be solved.
    std::string problem() const;

  private:
    double m_smallest = std::numeric_limits<double>::infinity();
    double m_largest = 0.0;
};

/// Outcome of solving a linear program.
enum class LpStatus { Optimal, Infeasible, Unbounded, Failed };

/// The optimum of a linear program: objective value and one value per variable.
struct LpSolution {
    LpStatus status = LpStatus::Failed;
    double objective = 0.0;
    std::vector<double> values;
    std::vector<double> duals; ///< one per constraint: its shadow price at the optimum
    std::string message;       ///< why it is not optimal (empty when Optimal)
};

/// A small linear program over real variables, solved by GLPK's simplex. The rest of ReduceLab
/// never sees GLPK types: build the program with variables and rows, then solve(). Plain value;
/// solve() is const and reentrant (each call builds its own GLPK problem, terminal output off).
class LinearProgram {
  public:
    enum class Sense { Minimize, Maximize };
    enum class Relation { LessEqual, GreaterEqual, Equal };
    static constexpr double kInfinity = std::numeric_limits<double>::infinity();

    explicit LinearProgram(Sense sense = Sense::Maximize) : m_sense(sense) {}

    /// Adds a variable with bounds [lo, hi] (either may be infinite) and objective coefficient;
    /// returns its index.
    int addVariable(std::string name, double lo = 0.0, double hi = kInfinity,
                    double objective = 0.0);
    /// Adds the row  sum(coef * x[var]) REL rhs. Terms on the same variable are summed.
    void addConstraint(std::vector<std::pair<int, double>> terms, Relation relation, double rhs,
                       std::string name = {});
    void setObjective(int var, double coefficient);

    int variableCount() const { return static_cast<int>(m_vars.size()); }
    int constraintCount() const { return static_cast<int>(m_rows.size()); }
    const std::string& variableName(int var) const {
        return m_vars[static_cast<std::size_t>(var)].name;
    }

    /// Solves with the primal simplex (GLPK presolver on), the optimum of a badly scaled
    /// program re-solved exactly (kExactRefineRange). Never throws on an infeasible or
    /// unbounded program: the status says so.
    LpSolution solve() const;
    /// solve(), but throws InputError("<what>: the linear program is infeasible/unbounded")
    /// unless the optimum was found.
    LpSolution solveOrThrow(const std::string& what) const;

  private:
    LpSolution solveWithGlpk() const;

    struct Var {
        std::string name;
        double lo, hi, objective;
    };
    struct Row {
        std::string name;
        std::vector<std::pair<int, double>> terms;
        Relation relation;
        double rhs;
    };
    Sense m_sense;
    std::vector<Var> m_vars;
    std::vector<Row> m_rows;
};

/// A linear program whose rows are fixed and whose columns are added between solves, each
/// solve starting from the previous optimal basis: the master of a column generation, where
/// a cold start per round would cost a whole simplex. The coefficient range rule and the
/// iteration cap of LinearProgram hold. Not copyable; while one lives, LinearProgram::solve()
/// on the same thread keeps GLPK's environment (freed when the last one ends).
class GrowingLinearProgram {
  public:
    using Relation = LinearProgram::Relation;
    GrowingLinearProgram(LinearProgram::Sense sense,
                         const std::vector<std::pair<Relation, double>>& rows);
    ~GrowingLinearProgram();
    GrowingLinearProgram(const GrowingLinearProgram&) = delete;
    GrowingLinearProgram& operator=(const GrowingLinearProgram&) = delete;

    /// Adds a column with bounds [lo, hi], objective coefficient and its (row, coefficient)
    /// terms; returns its index. It starts non-basic at its bound, so the basis stays valid.
    int addColumn(double lo, double hi, double objective,
                  const std::vector<std::pair<int, double>>& terms);
    int columnCount() const { return m_columns; }
    /// The optimum over the columns added so far (Failed, with the range, when the
    /// coefficients span more than kMaxCoefficientRange). With `exact`, a badly scaled
    /// program's optimum is re-solved exactly (kExactRefineRange): for the last round of a
    /// column generation, whose stopping test trusts the objective.
    LpSolution solve(bool exact = false);
    /// Whether solve(true) would re-solve exactly.
    bool refinesExactly() const;

  private:
    struct Glpk;
    std::unique_ptr<Glpk> m_glpk;
    int m_rows = 0;
    int m_columns = 0;
    CoefficientRange m_range;
};

} // namespace rl
