#pragma once
// N_("text") marks a string for translation where it is written (a field's help in a
// table, a caption in a static array) without translating it there: it is the text
// itself, so compute/ stays free of gettext and of the UI. `xgettext --keyword=N_`
// (po/CMakeLists.txt) extracts it, and the UI translates it where it is shown, with
// tr() from app/i18n/translate.h.
#define N_(text) text
