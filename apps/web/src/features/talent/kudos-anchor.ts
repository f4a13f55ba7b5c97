/** The id of the dashboard's kudos request card, where /create-kudos leads. */
export const KUDOS_REQUEST_ANCHOR = 'request-kudos';
