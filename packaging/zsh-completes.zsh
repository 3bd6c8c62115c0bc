#!/usr/bin/env zsh
# What Tab offers in a real interactive zsh, with compinit and nothing else (zsh -f):
#   zsh -f packaging/zsh-completes.zsh FOLDER LINE...
# FOLDER holds _blockwipe and goes first on fpath; each LINE is typed, Tab pressed, and the matches
# are printed as "LINE<tab>MATCH". The matches are caught where every completer hands them to zsh:
# compadd, wrapped in a function of the same name. The shell runs in a pseudo-terminal (zpty), as
# completion needs the line editor. packaging/check.sh runs it on the package's completion.
zmodload zsh/zpty || exit 2
folder=$1
shift
zpty shell zsh -f -i || exit 2
# no listing of matches, so no "do you wish to see all possibilities" question waits for a key
zpty -w shell "PS1= RPS1=; unsetopt autolist; fpath=(${(q)folder} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w shell 'compadd() {
    [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]] && { builtin compadd "$@"; return; }
    local -a matches
    builtin compadd -A matches "$@"
    print -r -l -- "<mat""ch>"${^matches} >/dev/tty
    builtin compadd "$@"
}'
# each marker is typed in two halves, so that only the command's output, not its echo, spells it whole
zpty -w shell "print -r -- '<rea''dy>'"
zpty -r shell output '*<ready>*' || exit 2
for line in "$@"; do
    # type, Tab, clear the line, then wait for the marker
    zpty -w -n shell "$line"$'\t\C-e\C-u'
    zpty -w shell "print -r -- '<end''ed>'"
    zpty -r shell output '*<ended>*' || exit 2
    print -r -- "${output//$'\r'/}" | grep -ao '<match>[^<]*' | sed 's/^<match>//' | sort -u \
        | while IFS= read -r match; do print -r -- "$line"$'\t'"$match"; done
done
zpty -d shell
