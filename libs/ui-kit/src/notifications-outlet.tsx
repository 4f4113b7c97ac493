import { Notifications } from '@mantine/notifications';

/** Where notifications appear; a module of its own so that AppProviders can load it after the first render. */
export default function NotificationsOutlet() {
  return <Notifications position="top-right" limit={4} />;
}
