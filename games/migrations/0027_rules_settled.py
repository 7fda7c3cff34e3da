"""RulesSettled: the versions of the rules every game was settled by (games/settling.py). Empty
here, so the `migrate` that creates it settles every game by today's rules."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0026_kept_table_as_json'),
    ]

    operations = [
        migrations.CreateModel(
            name='RulesSettled',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('fingerprint', models.CharField(editable=False, max_length=64, unique=True, verbose_name='fingerprint')),
                ('settled_at', models.DateTimeField(auto_now_add=True, verbose_name='settled at')),
            ],
            options={
                'verbose_name': 'rules settled',
                'verbose_name_plural': 'rules settled',
            },
        ),
    ]
