"""Words and widgets: the interface's languages, fonts, fitting text into boxes,
buttons, and the referee's codes put into words."""
