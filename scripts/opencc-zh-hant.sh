#!/usr/bin/env bash
# Starts Traditional Chinese translations from the Simplified ones (issue 30): every
# *.zh-Hans.lesson and *.zh-Hans.script below FOLDER (default: lessons/) is converted with
# OpenCC's s2twp configuration (Taiwan characters and phrasing: 线程 -> 執行緒, 内存 -> 記憶體)
# into the *.zh-Hant.* file beside it, its `language` line rewritten to zh-Hant and its
# `translates` line kept (both translate the same English original). OpenCC does not know
# the glossary (lessons/glossary.tsv): where it turns a term's zh-Hans form into something
# other than the glossary's zh-Hant term (核函数 -> 核函式, not 核心函式; 推理 -> 推理, not
# 推論), the glossary's term is put in its place, for terms of two characters or more
# whose zh-Hant form does not contain OpenCC's (a one-character term such as 门 is part
# of too many words). The result is a draft: read and correct it, then run
# `whygpu --check-lessons`.
#
# A zh-Hant file that exists is left alone (it may have been corrected by hand) unless
# --force is given. Needs Debian's opencc (apt-get install opencc); neither the build nor
# the tests need it.
#   scripts/opencc-zh-hant.sh [--force] [FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."

force=false
if [ "${1:-}" = --force ]; then force=true; shift; fi
folder=${1:-lessons}
config=s2twp.json
command -v opencc >/dev/null || { echo "opencc-zh-hant: opencc is not installed (apt-get install opencc)" >&2; exit 1; }

# "OPENCC<TAB>GLOSSARY" for each glossary term OpenCC renders otherwise (a term's
# "（English）" after it left out, full-width as the Chinese lessons write it, or "(English)").
glossary=lessons/glossary.tsv
fixes=$(grep -v '^#' "$glossary" | awk -F'\t' 'NR > 1 && $4 != "" && $5 != "" {
          sub(/ *\(.*$/, "", $4); sub(/ *\(.*$/, "", $5)
          sub(/（.*$/, "", $4); sub(/（.*$/, "", $5); print $4 "\t" $5 }' |
        while IFS=$'\t' read -r hans hant; do
          converted=$(opencc -c "$config" <<<"$hans")
          [ "${#converted}" -ge 2 ] && [ "$converted" != "$hant" ] && [[ "$hant" != *"$converted"* ]] &&
            printf '%s\t%s\n' "$converted" "$hant" || true
        done)
glossary_terms() {
  local text
  text=$(cat)
  while IFS=$'\t' read -r from to; do
    [ -n "$from" ] && text=${text//"$from"/"$to"}
  done <<<"$fixes"
  printf '%s\n' "$text"
}

converted=0 kept=0
while IFS= read -r -d '' simplified; do
  traditional=${simplified/.zh-Hans./.zh-Hant.}
  if [ -e "$traditional" ] && ! $force; then
    echo "kept $traditional (exists; --force converts it again)"
    kept=$((kept + 1))
    continue
  fi
  # The metadata line names the language: `language: zh-Hans` in a lesson's header,
  # `language zh-Hans` in a script. OpenCC leaves ASCII alone: ids, keys, values, code,
  # {fact:...} and the translates hash come through unchanged.
  opencc -c "$config" -i "$simplified" | glossary_terms |
    sed -E 's/^(language:?[[:space:]]+)zh-Hans[[:space:]]*$/\1zh-Hant/' >"$traditional.tmp"
  grep -qE '^language:?[[:space:]]+zh-Hant$' "$traditional.tmp" ||
    { rm -f "$traditional.tmp"; echo "opencc-zh-hant: $simplified has no 'language zh-Hans' line" >&2; exit 1; }
  mv "$traditional.tmp" "$traditional"
  echo "wrote $traditional"
  converted=$((converted + 1))
done < <(find "$folder" \( -name '*.zh-Hans.lesson' -o -name '*.zh-Hans.script' \) -print0 | sort -z)
echo "opencc-zh-hant: $converted converted, $kept kept; read each, then run whygpu --check-lessons" >&2
