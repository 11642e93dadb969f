#pragma once
// Numbers as a person reads them on a page or aloud, in the interface's language
// (app/i18n/language.h): a decimal comma in French and Italian, their own digit grouping.
// Only for what the interface draws: files for other programs (CSV, JSON) and logs are
// written with printf in the C locale, which the app never changes (LC_NUMERIC stays "C").
#include <string>

namespace whygpu::app {

// Rounded to a whole number and grouped by thousands: 1234567 -> "1,234,567" (English,
// Chinese), "1 234 567" (French, narrow no-break spaces), "1.234.567" (Italian).
std::string with_commas(double value);

// `decimals` digits after the decimal separator: 3.14159, 2 -> "3.14", or "3,14" in French.
std::string decimal_text(double value, int decimals);

// `digits` significant digits, as printf's %g writes them: 0.000123, 2 -> "0.00012";
// 1234567, 3 -> "1.23e+06" (a decimal comma in French).
std::string significant_text(double value, int digits);

// A number written in the C locale ("2.5e-5", "-0.25", "12.5k") with the language's
// decimal separator instead of the point.
std::string in_language(std::string c_locale_number);

// A number compute/ wrote in the C locale, possibly with its unit after a space
// (Wording::number), as the page writes its own numbers: a plain decimal number grouped by
// thousands and with the language's separator ("1000000" -> "1 000 000" in French,
// "0.0062 ms" -> "0,0062 ms"); any other form only gets the separator (in_language).
std::string number_as_read(std::string c_locale_number);

}  // namespace whygpu::app
