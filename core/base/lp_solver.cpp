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

} // namespace

LpSolution LinearProgram::solve() const {
    LpSolution sol = solveWithGlpk();
    // GLPK keeps a per-thread environment that it never frees by itself: on the thread pool
    // it would leak (LeakSanitizer sees it) once the thread ends. Free it after every solve.
    glp_free_env();
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
    double smallest = std::numeric_limits<double>::infinity();
    double largest = 0.0;
    const auto note = [&](double c) {
        const double a = std::abs(c);
        if (a > 0.0) {
            smallest = std::min(smallest, a);
            largest = std::max(largest, a);
        }
    };
    for (const Var& v : m_vars) {
        note(v.objective);
    }
    for (const Row& r : m_rows) {
        note(r.rhs);
        for (const auto& term : r.terms) {
            note(term.second);
        }
    }
    if (largest > kMaxCoefficientRange * smallest) {
        sol.status = LpStatus::Failed;
        sol.message = "the linear program's coefficients range from " + formatNumber(smallest) +
                      " to " + formatNumber(largest) + ", more than " +
                      formatNumber(kMaxCoefficientRange) +
                      " apart: too far apart to solve accurately (make the costs more alike)";
        return sol;
    }
    glp_add_cols(lp, variableCount());
    for (int j = 0; j < variableCount(); ++j) {
        const Var& v = m_vars[static_cast<std::size_t>(j)];
        glp_set_col_bnds(lp, j + 1, boundType(v.lo, v.hi), std::isfinite(v.lo) ? v.lo : 0.0,
                         std::isfinite(v.hi) ? v.hi : 0.0);
        glp_set_obj_coef(lp, j + 1, v.objective);
    }
    std::vector<int> ia{0};
    std::vector<int> ja{0};
    std::vector<double> ar{0.0};
    if (!m_rows.empty()) {
        glp_add_rows(lp, constraintCount());
    }
    for (int i = 0; i < constraintCount(); ++i) {
        const Row& r = m_rows[static_cast<std::size_t>(i)];
        switch (r.relation) {
        case Relation::LessEqual:
            glp_set_row_bnds(lp, i + 1, GLP_UP, 0.0, r.rhs);
            break;
        case Relation::GreaterEqual:
            glp_set_row_bnds(lp, i + 1, GLP_LO, r.rhs, 0.0);
            break;
        case Relation::Equal:
            glp_set_row_bnds(lp, i + 1, GLP_FX, r.rhs, r.rhs);
            break;
        }
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
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.presolve = GLP_ON;
    // A simplex needs a small multiple of rows + columns iterations; far more means cycling.
    parm.it_lim = 100 * (variableCount() + constraintCount()) + 10000;
    const int rc = glp_simplex(lp, &parm);
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
    sol.values.resize(m_vars.size());
    for (int j = 0; j < variableCount(); ++j) {
        sol.values[static_cast<std::size_t>(j)] = glp_get_col_prim(lp, j + 1);
    }
    return sol;
}

LpSolution LinearProgram::solveOrThrow(const std::string& what) const {
    LpSolution sol = solve();
    if (sol.status != LpStatus::Optimal) {
        throw InputError(what + ": " + sol.message);
    }
    return sol;
}

} // namespace rl
