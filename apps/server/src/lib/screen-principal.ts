/**
 * A signed-in screen as every module sees it (the screen plugin resolves it from the token): the
 * screen and the outlet it plays in.
 */
export interface ScreenPrincipal {
  screenId: string;
  screenCode: string;
  outletId: string;
  outletName: string;
  outletCode: string;
  tags: string[];
}
