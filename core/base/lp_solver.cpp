#include "base/lp_solver.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>

namespace rl {

int LinearProgram::addVariable(std::string name, double lo, double hi, double objective) {
    if (std::isnan(lo) || std::isnan(hi) || lo > hi || !std::isfinite(objective)) {
        throw std::invalid_argument("LinearProgram: bad bounds or objective for " + name);
    }
    m_vars.push_back({std::move(name), lo, hi, objective});
    return static_cast<int>(m_vars.size()) - 1;
}

void LinearProgram::addConstraint(std::vector<std::pair<int, double>> terms, Relation relation,
                                  double rhs, std::string name) {
    for (const auto& [var, coef] : terms) {
        if (var < 0 || var >= variableCount() || !std::isfinite(coef)) {
            throw std::invalid_argument("LinearProgram: bad term in row " + name);
        }
    }
    if (!std::isfinite(rhs)) {
        throw std::invalid_argument("LinearProgram: right-hand side not finite in row " + name);
    }
    m_rows.push_back({std::move(name), std::move(terms), relation, rhs});
}

void LinearProgram::setObjective(int var, double coefficient) {
    m_vars.at(static_cast<std::size_t>(var)).objective = coefficient;
}

void CoefficientRange::note(double coefficient) {
    const double a = std::abs(coefficient);
    if (a > 0.0) {
        m_smallest = std::min(m_smallest, a);
        m_largest = std::max(m_largest, a);
    }
}

std::string CoefficientRange::problem() const {
    if (m_largest <= kMaxCoefficientRange * m_smallest) {
        return {};
    }
    return "the linear program's coefficients range from " + formatNumber(m_smallest) + " to " +
           formatNumber(m_largest) + ", more than " + formatNumber(kMaxCoefficientRange) +
           " apart: too far apart to solve accurately (make the costs more alike)";
}

namespace {

struct ProbDeleter {
    void operator()(glp_prob* p) const { glp_delete_prob(p); }
};

int boundType(double lo, double hi) {
    const bool hasLo = std::isfinite(lo);
    const bool hasHi = std::isfinite(hi);
    if (hasLo && hasHi) {
        return lo == hi ? GLP_FX : GLP_DB;
    }
    if (hasLo) {
        return GLP_LO;
    }
    return hasHi ? GLP_UP : GLP_FR;
}

void setRowBounds(glp_prob* lp, int row, LinearProgram::Relation relation, double rhs) {
    switch (relation) {
    case LinearProgram::Relation::LessEqual:
        glp_set_row_bnds(lp, row, GLP_UP, 0.0, rhs);
        break;
    case LinearProgram::Relation::GreaterEqual:
        glp_set_row_bnds(lp, row, GLP_LO, rhs, 0.0);
        break;
    case LinearProgram::Relation::Equal:
        glp_set_row_bnds(lp, row, GLP_FX, rhs, rhs);
        break;
    }
}

void setColumn(glp_prob* lp, int col, double lo, double hi, double objective) {
    glp_set_col_bnds(lp, col, boundType(lo, hi), std::isfinite(lo) ? lo : 0.0,
                     std::isfinite(hi) ? hi : 0.0);
    glp_set_obj_coef(lp, col, objective);
}

/// GLPK's primal simplex on `lp` (from its current basis when `presolve` is off), its outcome
/// as an LpSolution; with `exact`, its optimum re-solved in exact arithmetic from its final
/// basis (glp_exact: usually no pivot, only the basis solved in rationals). A simplex needs a
/// small multiple of rows + columns iterations; far more means cycling, so the iterations are
/// capped.
LpSolution runSimplex(glp_prob* lp, bool presolve, bool exact) {
    const int rows = glp_get_num_rows(lp);
    const int cols = glp_get_num_cols(lp);
    LpSolution sol;
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.presolve = presolve ? GLP_ON : GLP_OFF;
    parm.it_lim = 100 * (rows + cols) + 10000;
    int rc = glp_simplex(lp, &parm);
    if (exact && rc == 0 && glp_get_status(lp) == GLP_OPT) {
        rc = glp_exact(lp, &parm);
    }
    if (rc == GLP_EITLIM) {
        sol.status = LpStatus::Failed;
        sol.message = "GLPK stopped after " + std::to_string(parm.it_lim) +
                      " iterations without an optimum (the program is badly scaled)";
        return sol;
    }
    if (rc == GLP_ENOPFS) {
        sol.status = LpStatus::Infeasible;
        sol.message = "the linear program is infeasible";
        return sol;
    }
    if (rc == GLP_ENODFS) {
        sol.status = LpStatus::Unbounded;
        sol.message = "the linear program is unbounded";
        return sol;
    }
    if (rc != 0) {
        sol.status = LpStatus::Failed;
        sol.message = "GLPK simplex failed (code " + std::to_string(rc) + ")";
        return sol;
    }
    switch (glp_get_status(lp)) {
    case GLP_OPT:
        break;
    case GLP_NOFEAS:
    case GLP_INFEAS:
        sol.status = LpStatus::Infeasible;
        sol.message = "the linear program is infeasible";
        return sol;
    case GLP_UNBND:
        sol.status = LpStatus::Unbounded;
        sol.message = "the linear program is unbounded";
        return sol;
    default:
        sol.status = LpStatus::Failed;
        sol.message = "GLPK found no optimal solution";
        return sol;
    }
    sol.status = LpStatus::Optimal;
    sol.objective = glp_get_obj_val(lp);
    sol.values.resize(static_cast<std::size_t>(cols));
    for (int j = 0; j < cols; ++j) {
        sol.values[static_cast<std::size_t>(j)] = glp_get_col_prim(lp, j + 1);
    }
    sol.duals.resize(static_cast<std::size_t>(rows));
    for (int i = 0; i < rows; ++i) {
        sol.duals[static_cast<std::size_t>(i)] = glp_get_row_dual(lp, i + 1);
    }
    return sol;
}

} // namespace

namespace {
/// GrowingLinearPrograms alive on this thread: GLPK's environment holds their problems.
thread_local int tlGrowingPrograms = 0;

/// GLPK keeps a per-thread environment that it never frees by itself: on the thread pool it
/// would leak (LeakSanitizer sees it) once the thread ends. Freed after every solve, unless a
/// GrowingLinearProgram of this thread still holds a problem in it.
void releaseGlpk() {
    if (tlGrowingPrograms == 0) {
        glp_free_env();
    }
}
} // namespace

LpSolution LinearProgram::solve() const {
    LpSolution sol = solveWithGlpk();
    releaseGlpk();
    return sol;
}

LpSolution LinearProgram::solveWithGlpk() const {
    // GLPK prints to the terminal by default; this is per thread, so set it on every call.
    glp_term_out(GLP_OFF);
    std::unique_ptr<glp_prob, ProbDeleter> prob(glp_create_prob());
    glp_prob* lp = prob.get();
    glp_set_obj_dir(lp, m_sense == Sense::Maximize ? GLP_MAX : GLP_MIN);
    LpSolution sol;
    if (m_vars.empty()) {
        sol.status = LpStatus::Failed;
        sol.message = "the linear program has no variable";
        return sol;
    }
    // GLPK's simplex on coefficients spanning more orders of magnitude than a double holds
    // digits is meaningless, and it can cycle for ever (found by fuzzing: a platform graph with
    // link costs from 1 to 1e27). Refuse such a program with the range, and cap the iterations
    // so that nothing ever hangs.
    CoefficientRange range;
    for (const Var& v : m_vars) {
        range.note(v.objective);
    }
    for (const Row& r : m_rows) {
        range.note(r.rhs);
        for (const auto& term : r.terms) {
            range.note(term.second);
        }
    }
    if (std::string why = range.problem(); !why.empty()) {
        sol.status = LpStatus::Failed;
        sol.message = std::move(why);
        return sol;
    }
    glp_add_cols(lp, variableCount());
    for (int j = 0; j < variableCount(); ++j) {
        const Var& v = m_vars[static_cast<std::size_t>(j)];
        setColumn(lp, j + 1, v.lo, v.hi, v.objective);
    }
    std::vector<int> ia{0};
    std::vector<int> ja{0};
    std::vector<double> ar{0.0};
    if (!m_rows.empty()) {
        glp_add_rows(lp, constraintCount());
    }
    for (int i = 0; i < constraintCount(); ++i) {
        const Row& r = m_rows[static_cast<std::size_t>(i)];
        setRowBounds(lp, i + 1, r.relation, r.rhs);
        // GLPK refuses duplicate column indices in a row: sum them first.
        std::map<int, double> merged;
        for (const auto& [var, coef] : r.terms) {
            merged[var] += coef;
        }
        for (const auto& [var, coef] : merged) {
            if (coef != 0.0) {
                ia.push_back(i + 1);
                ja.push_back(var + 1);
                ar.push_back(coef);
            }
        }
    }
    glp_load_matrix(lp, static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());
    return runSimplex(lp, true,
                      range.span() > kExactRefineRange &&
                          variableCount() + constraintCount() <= kExactRefineLimit);
}

struct GrowingLinearProgram::Glpk {
    std::unique_ptr<glp_prob, ProbDeleter> prob;
};

GrowingLinearProgram::GrowingLinearProgram(LinearProgram::Sense sense,
                                           const std::vector<std::pair<Relation, double>>& rows)
    : m_glpk(std::make_unique<Glpk>()), m_rows(static_cast<int>(rows.size())) {
    ++tlGrowingPrograms;
    glp_term_out(GLP_OFF);
    m_glpk->prob.reset(glp_create_prob());
    glp_prob* lp = m_glpk->prob.get();
    glp_set_obj_dir(lp, sense == LinearProgram::Sense::Maximize ? GLP_MAX : GLP_MIN);
    if (m_rows > 0) {
        glp_add_rows(lp, m_rows);
    }
    for (int i = 0; i < m_rows; ++i) {
        const auto [relation, rhs] = rows[static_cast<std::size_t>(i)];
        if (!std::isfinite(rhs)) {
            throw std::invalid_argument("GrowingLinearProgram: right-hand side not finite");
        }
        m_range.note(rhs);
        setRowBounds(lp, i + 1, relation, rhs);
    }
}

GrowingLinearProgram::~GrowingLinearProgram() {
    m_glpk->prob.reset();
    --tlGrowingPrograms;
    releaseGlpk();
}

int GrowingLinearProgram::addColumn(double lo, double hi, double objective,
                                    const std::vector<std::pair<int, double>>& terms) {
    if (std::isnan(lo) || std::isnan(hi) || lo > hi || !std::isfinite(objective)) {
        throw std::invalid_argument("GrowingLinearProgram: bad bounds or objective");
    }
    std::map<int, double> merged;
    for (const auto& [row, coef] : terms) {
        if (row < 0 || row >= m_rows || !std::isfinite(coef)) {
            throw std::invalid_argument("GrowingLinearProgram: bad term");
        }
        merged[row] += coef;
    }
    std::vector<int> ind{0};
    std::vector<double> val{0.0};
    for (const auto& [row, coef] : merged) {
        if (coef != 0.0) {
            ind.push_back(row + 1);
            val.push_back(coef);
            m_range.note(coef);
        }
    }
    m_range.note(objective);
    glp_prob* lp = m_glpk->prob.get();
    const int col = glp_add_cols(lp, 1);
    setColumn(lp, col, lo, hi, objective);
    glp_set_mat_col(lp, col, static_cast<int>(ind.size()) - 1, ind.data(), val.data());
    return m_columns++;
}

bool GrowingLinearProgram::refinesExactly() const {
    return m_range.span() > kExactRefineRange && m_rows + m_columns <= kExactRefineMasterLimit;
}

LpSolution GrowingLinearProgram::solve(bool exact) {
    glp_term_out(GLP_OFF);
    LpSolution sol;
    if (m_columns == 0) {
        sol.message = "the linear program has no variable";
        return sol;
    }
    if (std::string why = m_range.problem(); !why.empty()) {
        sol.message = std::move(why);
        return sol;
    }
    // Without the presolver GLPK starts from the current basis: the previous optimum, the new
    // columns non-basic at their bounds.
    return runSimplex(m_glpk->prob.get(), false, exact && refinesExactly());
}

LpSolution LinearProgram::solveOrThrow(const std::string& what) const {
    LpSolution sol = solve();
    if (sol.status != LpStatus::Optimal) {
        throw InputError(what + ": " + sol.message);
    }
    return sol;
}

} // namespace rl
