import { colors } from '../../lib/mail/templates/layout';
import { page, pageButton as button } from '../../lib/small-page';

export const unsubscribeAskPage = (label: string, action: string) =>
  page(
    'Unsubscribe',
    <form method="post" action={action}>
      <p>
        Stop e-mails about <strong>{label}</strong>? You will still see them in the app.
      </p>
      <button type="submit" style={button}>
        Unsubscribe
      </button>
    </form>,
  );

export const unsubscribedPage = (label: string) =>
  page(
    'You are unsubscribed',
    <>
      <p>
        We will not e-mail you about <strong>{label}</strong> any more.
      </p>
      <p>
        <a href="/settings" style={{ color: colors.accent }}>
          Choose what else we e-mail you
        </a>
      </p>
    </>,
  );

export const invalidLinkPage = (message: string) => page('Link not valid', <p>{message}</p>);
