/**
 * The technician home's first paint before React (issue 20; scripts/bootPlugin.ts): the paths it
 * stands for, and the page the server answers them with — index.html with the app's entry held in a
 * template, which the boot script starts once the shell is on screen (docs/performance-phone.md).
 */
export const APP_SHELL_PATH = '^/inspection/?$';
export const APP_SHELL_PAGE = 'home.html';
