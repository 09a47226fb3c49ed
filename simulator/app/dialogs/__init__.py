"""The dialogs drawn over a screen: the card every dialog is, and the export and
referee's-call dialogs."""
