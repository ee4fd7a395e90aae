/**
 * Greek: the site texts, and a translation of every parameter description the contract uses, keyed by the
 * English text. Identifiers (`user_login`, `true`, `any`, enum values) stay as they are, as WordPress keeps them.
 */
import type { SiteTexts } from './site-texts.js';

export const EL_SITE_TEXTS: SiteTexts = {
  name: 'Κοινότητα Μελέτης',
  description: 'Μια κοινότητα για μαθητές, φοιτητές και επιστήμονες',
};

/** English description → Greek description. */
export const EL_DESCRIPTIONS: Readonly<Record<string, string>> = {
  // Shared by many routes.
  'Scope under which the request is made; determines fields present in response.':
    'Το πλαίσιο στο οποίο γίνεται το αίτημα· καθορίζει ποια πεδία περιέχει η απόκριση.',
  'Current page of the collection.': 'Η τρέχουσα σελίδα της συλλογής.',
  'Maximum number of items to be returned in result set.': 'Ο μέγιστος αριθμός στοιχείων που επιστρέφονται στα αποτελέσματα.',
  'Limit results to those matching a string.': 'Περιορισμός των αποτελεσμάτων σε όσα ταιριάζουν με μια συμβολοσειρά.',
  'Order sort attribute ascending or descending.': 'Αύξουσα ή φθίνουσα σειρά ταξινόμησης.',
  'Ensure result set excludes specific IDs.': 'Εξαίρεση συγκεκριμένων αναγνωριστικών από τα αποτελέσματα.',
  'Ensure result set includes specific IDs.': 'Συμπερίληψη συγκεκριμένων αναγνωριστικών στα αποτελέσματα.',

  // oEmbed.
  'The URL of the resource for which to fetch oEmbed data.': 'Η διεύθυνση URL του πόρου για τον οποίο ανακτώνται τα δεδομένα oEmbed.',
  'The oEmbed format to use.': 'Η μορφή oEmbed που θα χρησιμοποιηθεί.',
  'The maximum width of the embed frame in pixels.': 'Το μέγιστο πλάτος του πλαισίου ενσωμάτωσης σε εικονοστοιχεία.',
  'The maximum height of the embed frame in pixels.': 'Το μέγιστο ύψος του πλαισίου ενσωμάτωσης σε εικονοστοιχεία.',
  'Whether to perform an oEmbed discovery request for unsanctioned providers.': 'Αν θα γίνεται αίτημα ανακάλυψης oEmbed για μη εγκεκριμένους παρόχους.',
  'Whether to hide the media of the embedded activity.': 'Αν θα αποκρύπτονται τα πολυμέσα της ενσωματωμένης δραστηριότητας.',

  // Moderation.
  'Limit results to the moderation record of this item ID.': 'Περιορισμός των αποτελεσμάτων στην εγγραφή εποπτείας του στοιχείου με αυτό το αναγνωριστικό.',
  'Order moderation items by attribute.': 'Ταξινόμηση των στοιχείων εποπτείας κατά χαρακτηριστικό.',
  'Whether to include the reporters of each item.': 'Αν θα περιλαμβάνονται όσοι ανέφεραν κάθε στοιχείο.',
  'Limit results by status: 0 for blocked, 1 for suspended.': 'Περιορισμός των αποτελεσμάτων κατά κατάσταση: 0 για αποκλεισμένα, 1 για όσα είναι σε αναστολή.',
  'Limit results to one site of the network.': 'Περιορισμός των αποτελεσμάτων σε έναν ιστότοπο του δικτύου.',
  'ID of the item to block.': 'Το αναγνωριστικό του στοιχείου που θα αποκλειστεί.',
  'Type of the item to block.': 'Ο τύπος του στοιχείου που θα αποκλειστεί.',
  'A unique numeric ID for the moderation item.': 'Μοναδικό αριθμητικό αναγνωριστικό του στοιχείου εποπτείας.',
  'Category of the report.': 'Η κατηγορία της αναφοράς.',
  'Notes for a report in the other category.': 'Σημειώσεις για αναφορά στην κατηγορία other.',
  'ID of the reported item.': 'Το αναγνωριστικό του στοιχείου που αναφέρεται.',
  'Type of the reported item.': 'Ο τύπος του στοιχείου που αναφέρεται.',

  // Components.
  'Limit results to components with a status.': 'Περιορισμός των αποτελεσμάτων σε λειτουργικές ενότητες με συγκεκριμένη κατάσταση.',
  'Limit results to components of a type.': 'Περιορισμός των αποτελεσμάτων σε λειτουργικές ενότητες συγκεκριμένου τύπου.',
  'Name of the component.': 'Το όνομα της λειτουργικής ενότητας.',
  'Whether to activate or deactivate the component.': 'Αν η λειτουργική ενότητα θα ενεργοποιηθεί ή θα απενεργοποιηθεί.',

  // Members.
  'Sort order of the member list.': 'Η σειρά ταξινόμησης της λίστας μελών.',
  'Limit results to friends of a member.': 'Περιορισμός των αποτελεσμάτων στους φίλους ενός μέλους.',
  'Limit results to members with these IDs.': 'Περιορισμός των αποτελεσμάτων στα μέλη με αυτά τα αναγνωριστικά.',
  'Limit results to members of these member types.': 'Περιορισμός των αποτελεσμάτων σε μέλη αυτών των τύπων μέλους.',
  'Limit results to members matching a profile field query.': 'Περιορισμός των αποτελεσμάτων σε μέλη που ταιριάζουν με ερώτημα πεδίων προφίλ.',
  'Profile-search form data.': 'Τα δεδομένα της φόρμας αναζήτησης προφίλ.',
  'Limit results to members in a scope relative to the current member.': 'Περιορισμός των αποτελεσμάτων σε μέλη ενός εύρους σε σχέση με το τρέχον μέλος.',
  'An alphanumeric identifier for the member.': 'Αλφαριθμητικό αναγνωριστικό του μέλους.',
  'Password for the member; never included in responses.': 'Ο κωδικός πρόσβασης του μέλους· δεν περιλαμβάνεται ποτέ στις αποκρίσεις.',
  'The email address for the member.': 'Η διεύθυνση ηλεκτρονικού ταχυδρομείου του μέλους.',
  'Display name for the member.': 'Το εμφανιζόμενο όνομα του μέλους.',
  'Roles assigned to the member.': 'Οι ρόλοι που έχουν ανατεθεί στο μέλος.',
  'Member type of the member.': 'Ο τύπος του μέλους.',
  'A unique numeric ID for the member.': 'Μοναδικό αριθμητικό αναγνωριστικό του μέλους.',
  'Required to be true, as members cannot be trashed.': 'Πρέπει να είναι true, επειδή τα μέλη δεν μεταφέρονται στα απορρίμματα.',
  "Reassign the deleted member's posts and links to this member ID.":
    'Ανάθεση των άρθρων και των συνδέσμων του διαγραμμένου μέλους στο μέλος με αυτό το αναγνωριστικό.',
  'Whether to follow or unfollow the member.': 'Αν θα ξεκινήσει ή θα σταματήσει η παρακολούθηση του μέλους.',
  'Which menu to retrieve.': 'Ποιο μενού θα ανακτηθεί.',
  'Whether to return an img HTML element instead of the avatar URL.': 'Αν θα επιστρέφεται στοιχείο HTML img αντί για τη διεύθυνση URL της εικόνας προφίλ.',
  'Alternative text of the avatar image.': 'Το εναλλακτικό κείμενο της εικόνας προφίλ.',
  'Whether to disable the default fallback avatar service.': 'Αν θα απενεργοποιηθεί η προεπιλεγμένη εφεδρική υπηρεσία εικόνων προφίλ.',
  'Name to look up for @name suggestions.': 'Το όνομα που αναζητείται για προτάσεις αναφορών @όνομα.',
  "Whether to limit suggestions to the current member's friends.": 'Αν οι προτάσεις θα περιορίζονται στους φίλους του τρέχοντος μέλους.',
  'Limit suggestions to members of a group.': 'Περιορισμός των προτάσεων στα μέλη μιας ομάδας.',

  // Signups.
  'Total number of signups to return.': 'Ο συνολικός αριθμός εγγραφών που θα επιστραφούν.',
  'Offset the result set by a specific number of items.': 'Μετατόπιση των αποτελεσμάτων κατά συγκεκριμένο αριθμό στοιχείων.',
  'Order by a specific parameter.': 'Ταξινόμηση κατά συγκεκριμένη παράμετρο.',
  'Limit results to the signup with this user_login.': 'Περιορισμός των αποτελεσμάτων στην εγγραφή με αυτό το user_login.',
  'The email address of the new account.': 'Η διεύθυνση ηλεκτρονικού ταχυδρομείου του νέου λογαριασμού.',
  'The password of the new account.': 'Ο κωδικός πρόσβασης του νέου λογαριασμού.',
  'Identifier for the signup: a signup ID, an e-mail address or a user_login.':
    'Αναγνωριστικό της εγγραφής: αριθμός εγγραφής, διεύθυνση ηλεκτρονικού ταχυδρομείου ή user_login.',

  // Profile field and group lists.
  'ID of the field group that has fields.': 'Το αναγνωριστικό της ομάδας πεδίων που περιέχει τα πεδία.',
  'Whether to hide groups of fields that have no profile fields.': 'Αν θα αποκρύπτονται οι ομάδες πεδίων που δεν έχουν πεδία προφίλ.',
  'ID of the member whose field data is loaded.': 'Το αναγνωριστικό του μέλους του οποίου φορτώνονται τα δεδομένα πεδίων.',
  "Limit fields to member types; any returns only fields unrestricted by member type. The member's types override it when user_id is given.":
    'Περιορισμός των πεδίων σε τύπους μέλους· η τιμή any επιστρέφει μόνο πεδία χωρίς περιορισμό τύπου μέλους. Όταν δίνεται user_id, ισχύουν οι τύποι του μέλους.',
  'Whether to hide profile fields with no data.': 'Αν θα αποκρύπτονται τα πεδία προφίλ χωρίς δεδομένα.',
  "Whether to fetch the member's data for each field; requires user_id.": 'Αν θα ανακτώνται τα δεδομένα του μέλους για κάθε πεδίο· απαιτεί user_id.',
  'Whether to fetch the visibility level of each field.': 'Αν θα ανακτάται το επίπεδο ορατότητας κάθε πεδίου.',
  'Ensure result set excludes specific groups of profile fields.': 'Εξαίρεση συγκεκριμένων ομάδων πεδίων προφίλ από τα αποτελέσματα.',
  'Ensure result set excludes specific profile fields.': 'Εξαίρεση συγκεκριμένων πεδίων προφίλ από τα αποτελέσματα.',
  'Whether to pre-fetch the metadata of the retrieved groups, fields and data.':
    'Αν θα προφορτώνονται τα μεταδεδομένα των ομάδων, των πεδίων και των δεδομένων που ανακτώνται.',
  "Whether to include each group's fields.": 'Αν θα περιλαμβάνονται τα πεδία κάθε ομάδας.',

  // Profile fields.
  'ID of the group the field belongs to.': 'Το αναγνωριστικό της ομάδας στην οποία ανήκει το πεδίο.',
  'ID of the parent field.': 'Το αναγνωριστικό του γονικού πεδίου.',
  'Type of the field.': 'Ο τύπος του πεδίου.',
  'Name of the field.': 'Το όνομα του πεδίου.',
  'Alternate name of the field.': 'Το εναλλακτικό όνομα του πεδίου.',
  'Description of the field.': 'Η περιγραφή του πεδίου.',
  'Whether a value is mandatory for the field.': 'Αν η συμπλήρωση του πεδίου είναι υποχρεωτική.',
  'Whether the field can be deleted.': 'Αν το πεδίο μπορεί να διαγραφεί.',
  'Order of the field inside its group.': 'Η σειρά του πεδίου μέσα στην ομάδα του.',
  'Order of the option inside the option list.': 'Η σειρά της επιλογής μέσα στη λίστα επιλογών.',
  "Order of the field's options.": 'Η σειρά των επιλογών του πεδίου.',
  'Whether the option is the default one.': 'Αν η επιλογή είναι η προεπιλεγμένη.',
  'Default visibility of the field.': 'Η προεπιλεγμένη ορατότητα του πεδίου.',
  "Whether members may change the field's visibility.": 'Αν τα μέλη μπορούν να αλλάξουν την ορατότητα του πεδίου.',
  'Whether autolinking is on for the field.': 'Αν είναι ενεργή η αυτόματη δημιουργία συνδέσμων για το πεδίο.',
  'A unique numeric ID for the profile field.': 'Μοναδικό αριθμητικό αναγνωριστικό του πεδίου προφίλ.',
  "Whether to also delete the members' data for the field.": 'Αν θα διαγραφούν επίσης τα δεδομένα των μελών για το πεδίο.',

  // Profile field groups.
  'Name of the group of profile fields.': 'Το όνομα της ομάδας πεδίων προφίλ.',
  'Description of the group of profile fields.': 'Η περιγραφή της ομάδας πεδίων προφίλ.',
  'Whether the group can be deleted.': 'Αν η ομάδα μπορεί να διαγραφεί.',
  "Whether the group's fields can be repeated.": 'Αν τα πεδία της ομάδας μπορούν να επαναλαμβάνονται.',
  'A unique numeric ID for the group of profile fields.': 'Μοναδικό αριθμητικό αναγνωριστικό της ομάδας πεδίων προφίλ.',
  'Order of the group.': 'Η σειρά της ομάδας.',

  // A member's data for a profile field.
  'ID of the profile field.': 'Το αναγνωριστικό του πεδίου προφίλ.',
  'ID of the member the data belongs to.': 'Το αναγνωριστικό του μέλους στο οποίο ανήκουν τα δεδομένα.',
  'List of values for the field.': 'Η λίστα τιμών του πεδίου.',
};
