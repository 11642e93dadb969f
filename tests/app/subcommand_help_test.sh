#!/usr/bin/env bash
# subcommand_help_test.sh WHYGPU: every command's --help lists every option it takes, and
# takes every option it lists. The commands come from `whygpu --list-commands` (the app's
# subcommand table and bench's benchmark table, never typed here). For each command:
#  - --help exits 0 with text on stdout;
#  - the options --help lists (its lines "  --name ...") are the options of its table
#    (--list-options: "--name<TAB>valid<TAB>invalid");
#  - all its options with their valid values, written "--name VALUE" and "--name=VALUE"
#    (a flag bare), pass --check-options (exit 0, no "unknown option");
#  - each option with its invalid value is refused (exit 2) by a message naming it.
# --check-options reads the options and exits: nothing is measured or trained.
set -uo pipefail
whygpu=$(realpath "$1")
# A command that took an option for a file name would write it here, not in the checkout.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failed=0
fail() { echo "subcommand_help_test: $*" >&2; failed=1; }

commands=$("$whygpu" --list-commands) || { echo "subcommand_help_test: 'whygpu --list-commands' failed" >&2; exit 1; }
[ "$(wc -l <<<"$commands")" -ge 18 ] || fail "'whygpu --list-commands' lists only: $commands"

while IFS= read -r command; do
  read -ra words <<<"$command"
  shown="whygpu${command:+ $command}"
  help=$("$whygpu" "${words[@]}" --help 2>/dev/null)
  code=$?
  if [ "$code" -ne 0 ] || [ -z "$help" ]; then
    fail "'$shown --help' exited $code with ${#help} bytes on stdout"
    continue
  fi
  table=$("$whygpu" "${words[@]}" --list-options 2>&1) || { fail "'$shown --list-options' failed: $table"; continue; }
  listed=$(grep -oE '^  --[a-z][a-z0-9-]*' <<<"$help" | sed 's/^ *//' | sort)
  declared=$(cut -f1 <<<"$table" | sort)
  [ "$listed" = "$declared" ] ||
    fail "'$shown --help' and its table differ: $(diff <(echo "$listed") <(echo "$declared") | grep '^[<>]' | tr '\n' ' ')"
  # Every option at once with its valid value, once as "--name VALUE" and once as
  # "--name=VALUE" (a flag bare); --help and --list-options would end the reading early.
  spaced=() joined=()
  while IFS=$'\t' read -r option valid invalid; do
    case "$option" in --help | --list-options) continue ;; esac
    if [ -z "$valid" ]; then
      spaced+=("$option") joined+=("$option")
    else
      spaced+=("$option" "$valid") joined+=("$option=$valid")
    fi
    if [ -n "$invalid" ]; then
      out=$("$whygpu" "${words[@]}" "$option" "$invalid" --check-options 2>&1 >/dev/null)
      code=$?
      if [ "$code" -ne 2 ] || ! grep -q -- "$option" <<<"$out"; then
        fail "'$shown $option $invalid --check-options' exited $code, not 2 naming $option: $out"
      fi
    fi
  done <<<"$table"
  for form in spaced joined; do
    declare -n given=$form
    out=$("$whygpu" "${words[@]}" "${given[@]}" --check-options 2>&1 >/dev/null)
    code=$?
    if [ "$code" -ne 0 ] || grep -q 'unknown option' <<<"$out"; then
      fail "'$shown ${given[*]} --check-options' exited $code: $out"
    fi
  done
done <<<"$commands"
exit $failed
