# bash completion for reducelab-cli and reducelab-mpi: the verbs and each verb's options as the
# program's --help lists them (asked at completion time, so the completion never goes stale),
# and file names after options that take a FILE.
_reducelab_cli() {
    local cur prev verb
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        local verbs
        verbs=$("${COMP_WORDS[0]}" --help 2>/dev/null | sed -n '/^verbs:/,/^$/p' |
            awk '/^  [a-z]/ {print $1}')
        COMPREPLY=($(compgen -W "$verbs --help --version" -- "$cur"))
        return
    fi
    verb=${COMP_WORDS[1]}
    case "$prev" in
    --out|--hist|--paje|--chrome-trace|--otf2|--gantt|--tree|--figure|--narration|--png|--svg|--pdf|--matrix|--graph|\
    --checkpoint|--animation|--from)
        COMPREPLY=($(compgen -f -- "$cur"))
        return
        ;;
    esac
    if [ "$verb" = sweep ] && [ "$COMP_CWORD" -eq 2 ]; then
        COMPREPLY=($(compgen -W "fig4 fig5 fig6" -- "$cur"))
        return
    fi
    if [ "$verb" = plot ] && [ "$COMP_CWORD" -eq 2 ]; then
        COMPREPLY=($(compgen -f -X '!*.csv' -- "$cur"))
        return
    fi
    if [ "$verb" = theory ] && [ "$COMP_CWORD" -eq 2 ]; then
        COMPREPLY=($(compgen -W "markov ratios snf optimum" -- "$cur"))
        return
    fi
    local sub=""
    [ "$verb" = theory ] && sub=${COMP_WORDS[2]}
    local options
    # A build without figures names the options it lacks in a last paragraph: not offered.
    options=$("${COMP_WORDS[0]}" "$verb" $sub --help 2>/dev/null | sed '/^not in this build/,$d' |
        grep -o -- '--[a-z][a-z-]*' | sort -u)
    COMPREPLY=($(compgen -W "$options --help --version" -- "$cur"))
}
complete -o filenames -F _reducelab_cli reducelab-cli reducelab-mpi
