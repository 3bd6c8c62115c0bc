
# Appended by packaging/build.sh to the script picocli generates (CliReference). picocli completes
# commands, options and method names, but a TARGET or DEVICE is a plain string to it, and so is the
# NAME of --yes. There the machine's block devices are offered, by name as lsblk shows them (sdb,
# loop0p1) and as /dev paths; when none fits, -o default still completes file names (image files).
_blockwipe_with_devices() {
    _complete_blockwipe "$@"
    local word=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} prefix=
    # bash splits --yes=sdb into three words at the '='; zsh's bash emulation keeps it one, for which
    # picocli offers the option names
    if [[ $word == --yes=* ]]; then
        prefix=--yes= word=${word#--yes=} previous=--yes COMPREPLY=()
    fi
    if [ ${#COMPREPLY[@]} -eq 0 ] && [[ $word != -* ]] && [[ $previous != -* || $previous == --yes ]]; then
        local names
        names=$(ls /sys/class/block 2>/dev/null)
        COMPREPLY=( $(compgen -P "$prefix" -W "$names $(printf '/dev/%s ' $names)" -- "$word") )
    fi
}
complete -F _blockwipe_with_devices -o default blockwipe
