#pragma once

#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace rl {

/// Largest ratio between the largest and the smallest non-zero coefficient of a linear program
/// that is solved: doubles hold about 16 digits, and the simplex needs room to pivot.
inline constexpr double kMaxCoefficientRange = 1e12;

/// Outcome of solving a linear program.
enum class LpStatus { Optimal, Infeasible, Unbounded, Failed };

/// The optimum of a linear program: objective value and one value per variable.
struct LpSolution {
    LpStatus status = LpStatus::Failed;
    double objective = 0.0;
    std::vector<double> values;
    std::string message; ///< why it is not optimal (empty when Optimal)
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

    /// Solves with the primal simplex (GLPK presolver on). Never throws on an infeasible or
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

} // namespace rl
