/** Shown in a form the visitor uses before the page's script has made it work (slow phone, blocked script). */
export const formLoadingHint = (phone: string) =>
  `Still loading: this form can be sent in a moment. If this message stays, please reload the page or call us at ${phone}.`;
